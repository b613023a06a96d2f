/**
 * The webhook trigger never registers a second alert, whatever GET /alerts and POST /alerts answer. Activation is run
 * the way n8n runs it (ActiveWorkflowManager.addWebhooks): checkExists, then create when it answered false; when
 * either throws, n8n's clean-up calls delete with the static data saved in its database, and the activation is
 * retried later (or at the next start) with that same saved static data — nothing an activation that failed wrote
 * is saved. The sandbox's misbehaving answers (admin /answers) make the service answer with a web page, `null`,
 * a cut-off document…
 */
import type { IDataObject } from 'n8n-workflow';

import { queryParam } from '../../nodes/DeliverabilityAlertTrigger/hookUrl';
import { ANSWER_KINDS } from '../../sandbox/misbehave';
import {
	activate,
	alerts,
	answerNextWith,
	nextWebhookId,
	productionUrl,
	savedStaticData,
	staticDataVerifies,
	trigger,
	useTriggerSandbox,
} from './helpers';

const ctx = useTriggerSandbox({ clearRequests: true });
beforeEach(async () => await ctx.admin('DELETE', '/answers'));

type AnswerKind = (typeof ANSWER_KINDS)[number];

/** How the sandbox's misbehaving answers to GET /alerts are described in the error (none is read as "no alerts"). */
const UNREADABLE_LISTS: Array<[AnswerKind, RegExp]> = [
	['html', /answered an HTML page \("<!DOCTYPE html>/],
	['empty', /answered an empty answer/],
	['204', /answered an empty answer/],
	['null', /answered null where/],
	['string', /answered text \("OK"\)/],
	['wrong-type', /answered an object \(keys: id, /],
	['cut', /answered a cut-off or malformed JSON document \("\[\{/],
	['php-warning', /answered an HTML page \("<br \/> <b>Warning<\/b>/],
	['xssi', /answered text \("\)\]\}',/],
	['error-200', /answered an object \(keys: error\)/],
	['success-false', /answered an object \(keys: success, message\)/],
	['login-redirect', /answered an HTML page/],
];

/** Answers to POST /alerts, after the alert was really created, that carry no id. */
const CREATES_WITHOUT_ID: AnswerKind[] = [
	'null',
	'empty',
	'204',
	'string',
	'wrong-type',
	'error-200',
	'success-false',
];

/** n8n's database: the static data it saved last (after a successful activation or deactivation). */
interface Database {
	staticData: IDataObject;
}

/** The trigger node's part of the workflow's saved static data (n8n keys it by node name). */
const nodeData = (db: Database): IDataObject =>
	(db.staticData['node:Trigger'] ?? {}) as IDataObject;

const clone = (data: IDataObject): IDataObject => JSON.parse(JSON.stringify(data)) as IDataObject;

/**
 * One activation as n8n runs it: on success the static data is saved; on failure n8n's clean-up runs delete with the
 * saved static data (saving what delete left when it succeeds; its own failure is only logged) and the activation's
 * error is what the user sees.
 */
async function n8nActivation(db: Database): Promise<Error | undefined> {
	const h = trigger(ctx, { staticData: clone(db.staticData) });
	try {
		await activate(h);
		db.staticData = savedStaticData(h);
		return undefined;
	} catch (error) {
		const cleanUp = trigger(ctx, { staticData: clone(db.staticData) });
		if (
			await cleanUp.delete().then(
				() => true,
				() => false,
			)
		)
			db.staticData = savedStaticData(cleanUp);
		return error as Error;
	}
}

async function alertPosts(): Promise<number> {
	return (await ctx.requests()).filter((r) => r.method === 'POST' && r.path === '/alerts').length;
}

/** From now on (until cleared) GET /alerts answers this way. */
async function answerAlertListWith(kind: AnswerKind): Promise<void> {
	await ctx.admin('POST', '/answers', { kind, method: 'GET', path: '/alerts' });
}

describe('an alert list that cannot be read is never taken for "no alerts"', () => {
	it.each(UNREADABLE_LISTS)(
		'activation fails clearly on %s, before any POST /alerts',
		async (kind, headline) => {
			await answerAlertListWith(kind);
			const db: Database = { staticData: {} };
			for (let attempt = 0; attempt < 3; attempt++) {
				const error = await n8nActivation(db);
				expect(error?.message).toMatch(headline);
				expect(error?.message).toMatch(
					/^The service answered .+ where GET \/alerts should list the alerts$/,
				);
				expect((error as { description?: string }).description).toMatch(
					/never registers a second one; nothing was registered/,
				);
				expect((error as { description?: string }).description).toMatch(/Base URL .* \/api\/v1/);
			}
			expect(await alertPosts()).toBe(0);
			await ctx.admin('DELETE', '/answers');
			expect(await alerts(ctx)).toHaveLength(0);
			// Once the list can be read, activation registers the one alert.
			expect(await n8nActivation(db)).toBeUndefined();
			expect(await alerts(ctx)).toHaveLength(1);
			expect(await alertPosts()).toBe(1);
		},
	);

	it('every other misbehaving answer to GET /alerts either reads as the list or fails: never a second alert', async () => {
		const checked = new Set(UNREADABLE_LISTS.map(([kind]) => kind));
		// trickle holds an answer for minutes (the total time limit is another matter); html-502 is an HTTP error.
		const others = ANSWER_KINDS.filter((kind) => !checked.has(kind) && kind !== 'trickle');
		expect(others.length).toBeGreaterThan(5);
		for (const kind of others) {
			nextWebhookId();
			const db: Database = { staticData: {} };
			expect(await n8nActivation(db)).toBeUndefined();
			await answerAlertListWith(kind);
			for (let attempt = 0; attempt < 2; attempt++) await n8nActivation(db);
			await ctx.admin('DELETE', '/answers');
			expect(await n8nActivation(db)).toBeUndefined();
			expect({ kind, alerts: (await alerts(ctx)).length }).toEqual({ kind, alerts: 1 });
		}
		expect(await alertPosts()).toBeLessThanOrEqual(others.length * 2);
	});
});

describe('a create answered without an id', () => {
	it.each(CREATES_WITHOUT_ID)(
		'answered %s, then the list unreadable through 3 retries and 2 restarts: one POST, one alert, taken over once the list reads',
		async (createAnswer) => {
			const db: Database = { staticData: {} };
			const first = trigger(ctx);
			expect(await first.checkExists()).toBe(false);
			await answerNextWith(ctx, createAnswer, 'POST', '/alerts');
			await answerAlertListWith('html');
			const error = await first.create().then(
				() => undefined,
				(e: unknown) => e as Error & { description?: string },
			);
			expect(error?.message).toMatch(
				/^The alert may have been created, but the service did not return its ID and answered an HTML page \("<!DOCTYPE html>.*"\) where GET \/alerts should list the alerts$/,
			);
			expect(error?.description).toMatch(
				/finds the trigger's alert by its webhook URL and takes it over/,
			);
			// n8n's clean-up after the failed activation: delete with the saved (empty) static data; it fails too.
			await expect(trigger(ctx, { staticData: clone(db.staticData) }).delete()).rejects.toThrow(
				/where GET \/alerts should list the alerts/,
			);

			// n8n retries the activation; a restart runs it again with the saved static data: nothing new is created.
			for (let attempt = 0; attempt < 5; attempt++) {
				expect((await n8nActivation(db))?.message).toMatch(
					/answered an HTML page \(.*\) where GET \/alerts/,
				);
				expect(await alertPosts()).toBe(1);
			}
			await ctx.admin('DELETE', '/answers');
			const left = await alerts(ctx);
			expect(left).toHaveLength(1);

			// The service reads again: the next activation takes over the one alert instead of registering another.
			expect(await n8nActivation(db)).toBeUndefined();
			expect(await alertPosts()).toBe(1);
			expect(await alerts(ctx)).toEqual(left);
			expect(nodeData(db).alertId).toBe(left[0].id);
			const secret = queryParam(left[0].hook_url ?? '', 'secret')!;
			expect(staticDataVerifies(nodeData(db), secret)).toBe(true);
		},
	);

	it('the list readable right after: the new alert is found by its hook URL with this secret and taken over', async () => {
		await answerNextWith(ctx, 'success-false', 'POST', '/alerts');
		const db: Database = { staticData: {} };
		expect(await n8nActivation(db)).toBeUndefined();
		const list = await alerts(ctx);
		expect(list).toHaveLength(1);
		expect(nodeData(db).alertId).toBe(list[0].id);
		const secret = queryParam(list[0].hook_url ?? '', 'secret')!;
		expect(list[0].hook_url).toBe(`${productionUrl()}?secret=${secret}`);
		expect(staticDataVerifies(nodeData(db), secret)).toBe(true);
		expect(await alertPosts()).toBe(1);
		// Deliveries with that secret start the workflow.
		const active = trigger(ctx, { staticData: clone(db.staticData) });
		const answer = await active.webhook({
			body: { id: 'evt_found', event: 'ACCOUNT_DISCONNECTED' },
			query: { secret },
		});
		expect(answer.workflowData?.[0]).toHaveLength(1);
	});

	it('nothing created behind the answer and the list shows nothing: activation fails and says so, the next one registers one alert', async () => {
		await answerNextWith(ctx, 'null', 'POST', '/alerts', { perform: false });
		const db: Database = { staticData: {} };
		const error = (await n8nActivation(db)) as Error & { description?: string };
		expect(error.message).toBe(
			'The service answered POST /alerts with null instead of the new alert and its ID, and its list of alerts does not show it',
		);
		expect(error.description).toMatch(/next activation finds it by its webhook URL/);
		expect(await alerts(ctx)).toHaveLength(0);
		expect(await n8nActivation(db)).toBeUndefined();
		expect(await alerts(ctx)).toHaveLength(1);
		expect(await alertPosts()).toBe(2);
	});
});

describe('deactivation with an unreadable list', () => {
	it('removes its own alert by id, clears the static data, and says the leftovers could not be looked for', async () => {
		const db: Database = { staticData: {} };
		expect(await n8nActivation(db)).toBeUndefined();
		expect(await alerts(ctx)).toHaveLength(1);
		await answerAlertListWith('null');
		const h = trigger(ctx, { staticData: clone(db.staticData) });
		const error = await h.delete().then(
			() => undefined,
			(e: unknown) => e as Error & { description?: string },
		);
		expect(error?.message).toBe(
			'The service answered null where GET /alerts should list the alerts',
		);
		expect(error?.description).toMatch(
			/own alert was removed; other alerts still pointing at its webhook URL .* could not be looked for/,
		);
		expect(h.staticData.alertId).toBeUndefined();
		await ctx.admin('DELETE', '/answers');
		expect(await alerts(ctx)).toHaveLength(0);
	});
});
