/**
 * Deliverability Notification Trigger through n8n-core's PollContext against the sandbox: the first poll of a fresh
 * activation arms (emits nothing), new ids emit once, a restart with saved static data emits nothing old, a new
 * activation re-arms, filters reach the service, "Fetch Test Event" returns real samples, the memory is bounded.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MEMORY_KEY } from '../../nodes/DeliverabilityNotificationTrigger/memory';
import type { PollOptions } from '../../support/poll-harness';
import { byId, useSandbox } from '../nodes/context';
import { answerNextWith } from './helpers';
import { closeOpenNotifications, credentialsOf, idsOf, poller, pollsBackToBack } from './polling';

const t = useSandbox({ accounts: 20 });
pollsBackToBack();

const open = async (event: string, extra: IDataObject = {}) =>
	await t.admin<{ id: number; event: string }>('POST', '/notifications', { event, ...extra });
const close = async (id: number) => await t.admin('POST', `/notifications/${id}/close`);

/** Closes what the seed opened (disconnected accounts, an expiring domain), so a test sees only what it opens. */
const closeSeeded = async () => await closeOpenNotifications(t);

const trigger = (parameters: INodeParameters = {}, extra: Partial<PollOptions> = {}) =>
	poller(t, { parameters, ...extra });

describe('deliverability notification trigger (polling)', () => {
	beforeEach(closeSeeded);

	it('arms on the first poll (emits nothing of the backlog), then emits each new notification once, oldest first', async () => {
		const backlog = [
			await open('ACCOUNT_DISCONNECTED', { account_id: 1 }),
			await open('DOMAIN_EXPIRING_SOON'),
		];
		const poller = trigger();
		expect(await poller.poll()).toBeNull();
		expect((poller.staticData[MEMORY_KEY] as IDataObject).ids).toEqual(
			backlog.map((n) => String(n.id)).reverse(),
		);

		const a = await open('ACCOUNT_DISCONNECTED', { account_id: 2 });
		const b = await open('REPUTATION_SCORE_DECREASE', { account_id: 3 });
		const out = await poller.poll();
		expect(idsOf(out)).toEqual([a.id, b.id]);
		const account2 = (await t.api<IDataObject>('GET', '/accounts/2')).data;
		expect(out![0][0].json).toEqual({
			id: a.id,
			level: 'warning',
			event: 'ACCOUNT_DISCONNECTED',
			account_id: 2,
			project_id: 1,
			account_email: account2.email,
			content: expect.any(String),
			domain: expect.any(String),
			domain_expire_on: null,
		});
		expect(await poller.poll()).toBeNull();
		// A notification closed and still remembered does not come back; a new one does.
		await close(a.id);
		const c = await open('ACCOUNT_DISCONNECTED', { account_id: 4 });
		expect(idsOf(await poller.poll())).toEqual([c.id]);
		// One request per poll (no event filter: one list of everything).
		expect(
			(await t.requests()).filter((r) => r.path.endsWith('/notifications')).map((r) => r.method),
		).toEqual(['GET', 'GET', 'GET', 'GET']);
	});

	it('after a restart (saved static data, activation "init") emits nothing old, only what is new', async () => {
		const first = trigger({}, { workflowId: 'wf-restart' });
		await open('ACCOUNT_DISCONNECTED', { account_id: 1 });
		expect(await first.poll()).toBeNull();
		const a = await open('ACCOUNT_DISCONNECTED', { account_id: 2 });
		expect(idsOf(await first.poll())).toEqual([a.id]);
		const saved = first.saved();

		const b = await open('DOMAIN_EXPIRING_SOON');
		const restarted = trigger(
			{},
			{ workflowId: 'wf-restart', staticData: saved, activation: 'init' },
		);
		expect(idsOf(await restarted.poll())).toEqual([b.id]);
		expect(await restarted.poll()).toBeNull();
	});

	it('a new activation by the user re-arms even with an old memory: nothing from while it was off is replayed', async () => {
		const first = trigger({}, { workflowId: 'wf-reactivate' });
		expect(await first.poll()).toBeNull();
		const saved = first.saved();
		await open('ACCOUNT_DISCONNECTED', { account_id: 5 });
		const reactivated = trigger(
			{},
			{ workflowId: 'wf-reactivate', staticData: saved, activation: 'activate' },
		);
		expect(await reactivated.poll()).toBeNull();
		const c = await open('ACCOUNT_DISCONNECTED', { account_id: 6 });
		expect(idsOf(await reactivated.poll())).toEqual([c.id]);
	});

	it('filters by events (one request per event) and account, sent to the service', async () => {
		const poller = trigger({
			events: ['ACCOUNT_DISCONNECTED'],
			customEvents: 'DOMAIN_EXPIRING_SOON',
			filters: { account_id: byId(3) },
		});
		expect(await poller.poll()).toBeNull();
		await t.clearRequests();
		const wanted = [
			await open('ACCOUNT_DISCONNECTED', { account_id: 3 }),
			await open('DOMAIN_EXPIRING_SOON', { account_id: 3 }),
		];
		await open('ACCOUNT_DISCONNECTED', { account_id: 4 });
		await open('REPUTATION_SCORE_DECREASE', { account_id: 3 });
		expect(idsOf(await poller.poll())).toEqual(wanted.map((n) => n.id));
		expect((await t.requests()).map((r) => r.query)).toEqual([
			{ account_id: '3', event: 'ACCOUNT_DISCONNECTED' },
			{ account_id: '3', event: 'DOMAIN_EXPIRING_SOON' },
		]);
	});

	it('"Fetch Test Event" returns the newest matching notification even before arming, and leaves the memory alone', async () => {
		await open('ACCOUNT_DISCONNECTED', { account_id: 1 });
		const newest = await open('ACCOUNT_DISCONNECTED', { account_id: 2 });
		await open('DOMAIN_EXPIRING_SOON');
		const poller = trigger({ events: ['ACCOUNT_DISCONNECTED'] });
		const out = await poller.fetchTestEvent();
		expect(idsOf(out)).toEqual([newest.id]);
		expect(out![0][0].json).toEqual(
			expect.objectContaining({ event: 'ACCOUNT_DISCONNECTED', account_id: 2, project_id: 1 }),
		);
		expect(poller.staticData[MEMORY_KEY]).toBeUndefined();
		// The first real poll still arms.
		expect(await poller.poll()).toBeNull();
	});

	it('"Fetch Test Event" with nothing open says so instead of showing nothing', async () => {
		await expect(trigger().fetchTestEvent()).rejects.toThrow(/No open notification matches/);
	});

	it('keeps a bounded memory that never forgets a notification still listed', async () => {
		const poller = trigger({ options: { dedupeWindow: 25 } });
		expect(await poller.poll()).toBeNull();
		const emitted: unknown[] = [];
		for (let round = 0; round < 4; round++) {
			for (let i = 0; i < 10; i++) await open('REPUTATION_SCORE_DECREASE', { account_id: 1 });
			emitted.push(...idsOf(await poller.poll()));
			expect(
				((poller.staticData[MEMORY_KEY] as IDataObject).ids as string[]).length,
			).toBeLessThanOrEqual(25);
		}
		expect(emitted).toHaveLength(40);
		expect(new Set(emitted).size).toBe(40);
		expect(await poller.poll()).toBeNull();
	});

	it.each([
		['null', 'null'],
		['empty', 'an empty answer'],
		[
			'wrong-type',
			'an object (keys: id, level, event, account_id, project_id, account_email, con…)',
		],
		['html', 'an HTML page ("<!DOCTYPE html> <html lang="en"> <head><meta charset="utf-8"…")'],
		['cut', 'a cut-off or malformed JSON document ("[{"id":'],
		['login-redirect', 'an HTML page ('],
	])(
		'reports an answer of kind %s as an error instead of a quiet poll, and neither arms nor forgets on it',
		async (kind, what) => {
			const poller = trigger();
			await open('ACCOUNT_DISCONNECTED', { account_id: 1 });
			expect(await poller.poll()).toBeNull();
			const memory = JSON.stringify(poller.staticData[MEMORY_KEY]);
			const fresh = await open('ACCOUNT_DISCONNECTED', { account_id: 2 });

			await t.admin('POST', '/answers', { kind, method: 'GET', path: '/notifications', count: 2 });
			const error = await poller.poll().then(
				() => undefined,
				(e: unknown) => e as Error & { description?: string },
			);
			expect(error?.message).toContain(`The service answered ${what}`);
			expect(error?.message).toMatch(
				/ where GET \/notifications should list the open notifications$/,
			);
			expect(error?.description).toMatch(/Base URL .* \/api\/v1/);
			expect(JSON.stringify(poller.staticData[MEMORY_KEY])).toBe(memory);
			// "Fetch Test Event" says the same instead of "no open notification".
			await expect(trigger().fetchTestEvent()).rejects.toThrow(`The service answered ${what}`);
			// Answers readable again: the notification opened meanwhile starts the workflow once.
			expect(idsOf(await poller.poll())).toEqual([fresh.id]);
		},
	);

	it('a fresh activation whose first answer is unreadable arms nothing: the next readable poll arms', async () => {
		await answerNextWith(t, 'null', 'GET', '/notifications');
		const poller = trigger();
		await expect(poller.poll()).rejects.toThrow(/answered null/);
		expect(poller.staticData[MEMORY_KEY]).toBeUndefined();
		await open('ACCOUNT_DISCONNECTED', { account_id: 1 });
		expect(await poller.poll()).toBeNull();
		expect(((poller.staticData[MEMORY_KEY] as IDataObject).ids as string[]).length).toBe(1);
	});

	it('refuses a bad account filter before any request, and reports a service error', async () => {
		await expect(trigger({ filters: { account_id: byId('abc') } }).poll()).rejects.toThrow(
			/Filters → Mailbox/,
		);
		expect(await t.requests()).toHaveLength(0);
		const wrongKey = poller(t, {
			parameters: {},
			credentials: credentialsOf(t, 'dummy-key-unknown'),
		});
		await expect(wrongKey.poll()).rejects.toMatchObject({ httpCode: '401' });
	});
});

describe('deliverability notification trigger on a fresh sandbox', () => {
	it('"Fetch Test Event" shows the newest notification the sandbox opened by itself (a disconnected account)', async () => {
		const out = await trigger().fetchTestEvent();
		const account13 = (await t.api<IDataObject>('GET', '/accounts/13')).data;
		expect(out![0]).toHaveLength(1);
		expect(out![0][0].json).toMatchObject({
			event: 'ACCOUNT_DISCONNECTED',
			account_id: 13,
			account_email: account13.email,
			level: 'warning',
		});
		const expiring = await trigger({ events: ['DOMAIN_EXPIRING_SOON'] }).fetchTestEvent();
		expect(expiring![0][0].json).toMatchObject({
			event: 'DOMAIN_EXPIRING_SOON',
			domain: 'initech-news.org',
			domain_expire_on: expect.any(String),
		});
	});
});
