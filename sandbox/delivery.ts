/**
 * Alert delivery (spec §6): each event goes as one JSON POST per subscribed active alert with a hook_url. A non-2xx
 * answer or none within the timeout is retried after the configured delays; every attempt is logged. The payload
 * id is the event identifier receivers deduplicate on: it is the same on every retry and duplicate.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { randomBytes } from 'node:crypto';
import type { Effects } from './api';
import type { ProjectKey, SpamTest } from './resources';
import type { Store } from './store';
import { eventContent, eventLevel } from './events';
import { openNotification } from './notifications';
import { PUBLIC_ID_PREFIX, domainOf, scoresOf } from './spam-test-engine';

export type Payload = Record<string, unknown> & { id: string; event: string; alert_id: number };

export class Deliverer implements Effects {
	private timers = new Set<NodeJS.Timeout>();
	private requests = new Set<http.ClientRequest>();
	/** Bumped by cancelAll: answers of requests from before a reset are ignored (no log entry, no retry). */
	private generation = 0;

	constructor(private readonly store: Store) {}

	/**
	 * Builds one payload per subscribed alert and starts delivering them. `fields` may name an account
	 * (`account_id`); extra fields are merged into the payload. SPAMCHECK_COMPLETED honours automated_test_ids.
	 */
	emit(project: ProjectKey, event: string, fields: Record<string, unknown> = {}): Payload[] {
		const automatedTestId =
			typeof fields.automated_test_id === 'number' ? fields.automated_test_id : null;
		const alerts = this.store
			.ofProject(this.store.alerts, project)
			// A SLACK alert goes to the chat channel only (not simulated), even if it also holds a hook_url.
			.filter((a) => a.active && a.channel !== 'SLACK' && a.hook_url && a.events.includes(event))
			.filter(
				(a) =>
					event !== 'SPAMCHECK_COMPLETED' ||
					a.automated_test_ids.length === 0 ||
					(automatedTestId !== null && a.automated_test_ids.includes(automatedTestId)),
			);
		const account =
			typeof fields.account_id === 'number'
				? this.store.accounts.get(fields.account_id)
				: undefined;
		const domain = account ? this.store.domains.get(account.domainId) : undefined;
		const base = {
			event,
			level: eventLevel(event),
			created_at: new Date().toISOString(),
			project_id: this.store.projects[project].id,
			account_id: account?.id ?? null,
			account_email: account?.email ?? null,
			content: eventContent(event, {
				email: account?.email,
				domain: domain?.domain,
				public_id: fields.public_id,
			}),
			domain: domain?.domain ?? null,
			domain_expire_on: event === 'DOMAIN_EXPIRING_SOON' ? (domain?.expire_at ?? null) : null,
		};
		return alerts.map((alert) => {
			const payload: Payload = {
				id: `evt_${randomBytes(8).toString('hex')}`,
				...base,
				...fields,
				event,
				alert_id: alert.id,
			};
			const copies = this.store.settings.duplicateDeliveries ? 2 : 1;
			for (let copy = 1; copy <= copies; copy++) this.attempt(payload, alert.hook_url!, copy, 1);
			return payload;
		});
	}

	/** A spam test completed: the project's notification list shows it, and the alerts that want it get it. */
	spamTestCompleted(test: SpamTest): void {
		const scores = scoresOf(test);
		const automated =
			test.automatedTestId === null
				? undefined
				: this.store.automatedTests.get(test.automatedTestId);
		const account = automated ? this.store.accounts.get(automated.account_ids[0]) : undefined;
		openNotification(
			this.store,
			test.project,
			{
				event: 'SPAMCHECK_COMPLETED',
				account,
				accountEmail: test.account ?? test.sender,
				publicId: test.publicId,
			},
			'sandbox',
		);
		this.emit(test.project, 'SPAMCHECK_COMPLETED', {
			account_id: account?.id ?? null,
			public_id: test.publicId,
			public_full_id: `${PUBLIC_ID_PREFIX}${test.publicId}`,
			automated_test_id: test.automatedTestId,
			score: scores.score,
			final_score: scores.final_score,
			...(account
				? {}
				: { account_email: test.account, domain: test.sender ? domainOf(test.sender) : null }),
		});
	}

	private attempt(payload: Payload, url: string, copy: number, attempt: number): void {
		const { deliveryTimeoutMs, deliveryRetryDelaysMs } = this.store.settings;
		const generation = this.generation;
		const sentAt = performance.now();
		/** One line of the delivery log (admin GET /deliveries) for this attempt. */
		const logAttempt = (status: number | null, error: string | null, ms: number): void => {
			this.store.deliveries.push({
				eventId: payload.id,
				event: payload.event,
				alertId: payload.alert_id,
				url,
				copy,
				attempt,
				status,
				error,
				at: new Date().toISOString(),
				ms,
			});
		};
		let finished = false;
		const finish = (status: number | null, error: string | null): void => {
			if (finished || generation !== this.generation) return;
			finished = true;
			clearTimeout(timer);
			this.timers.delete(timer);
			this.requests.delete(req);
			logAttempt(status, error, Math.round(performance.now() - sentAt));
			const success = status !== null && status >= 200 && status < 300;
			if (success || attempt > deliveryRetryDelaysMs.length) return;
			const retry = setTimeout(
				() => {
					this.timers.delete(retry);
					this.attempt(payload, url, copy, attempt + 1);
				},
				deliveryRetryDelaysMs[attempt - 1],
			);
			this.timers.add(retry);
		};
		const body = JSON.stringify(payload);
		let req: http.ClientRequest;
		try {
			const target = new URL(url);
			req = (target.protocol === 'https:' ? https : http).request(target, {
				method: 'POST',
				agent: false,
				headers: {
					'content-type': 'application/json',
					'content-length': Buffer.byteLength(body),
					'user-agent': 'deliverability-sandbox',
				},
			});
		} catch (err) {
			logAttempt(null, String(err), 0);
			return;
		}
		// A slow receiver counts as a failure: the whole exchange must finish within the timeout.
		const timer = setTimeout(() => {
			finish(null, `no answer within ${deliveryTimeoutMs} ms`);
			req.destroy();
		}, deliveryTimeoutMs);
		this.timers.add(timer);
		this.requests.add(req);
		req.on('response', (res) => {
			res.resume();
			res.on('end', () => finish(res.statusCode ?? null, null));
			res.on('error', (err) => finish(res.statusCode ?? null, err.message));
		});
		req.on('error', (err) => finish(null, err.message));
		req.end(body);
	}

	/** Drops every pending retry and in-flight request (reset, close). */
	cancelAll(): void {
		this.generation++;
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
		for (const r of this.requests) r.destroy();
		this.requests.clear();
	}
}
