/**
 * GET /notifications: open ones only, newest first, at most 25, filters account_id and event; admin open/close; the
 * notifications the sandbox opens by itself (seed state, a disconnection, a completed spam test) and closes again.
 */
import { expectError, useSandbox } from './helpers';

const t = useSandbox({ accounts: 20 });

type Listed = {
	id: number;
	event: string;
	account_id: number | null;
	level: string;
	domain: string | null;
	domain_expire_on: string | null;
};

const open = async (body: Record<string, unknown>) =>
	(await t.admin('POST', '/notifications', body)).data;
const listed = async (
	query: Record<string, string | number> = {},
	key?: 'A' | 'B',
): Promise<Listed[]> => (await t.get('/notifications', query, key)).data;

/** Closes what the seed opened, so a test sees only the notifications it opens. */
async function closeAll(): Promise<void> {
	for (const project of ['A', 'B']) {
		for (const n of (await t.admin('GET', `/notifications?project=${project}`)).data as Array<{
			id: number;
			open: boolean;
		}>) {
			if (n.open) await t.admin('POST', `/notifications/${n.id}/close`);
		}
	}
}

describe('GET /notifications', () => {
	beforeEach(closeAll);

	it('lists the open notifications newest first with the documented fields; closed ones are left out', async () => {
		expect((await t.get('/notifications')).data).toEqual([]);
		const first = await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 3 });
		const second = await open({
			event: 'DOMAIN_EXPIRING_SOON',
			level: 'info',
			domain: 'example.com',
			domain_expire_on: '2027-01-31',
			content: 'Renew it',
		});
		const third = await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 4 });
		const res = await t.get('/notifications');
		expect(res.status).toBe(200);
		expect(res.data.map((n: { id: number }) => n.id)).toEqual([third.id, second.id, first.id]);
		expect(res.data[1]).toEqual({
			id: second.id,
			level: 'info',
			event: 'DOMAIN_EXPIRING_SOON',
			account_id: null,
			project_id: 1,
			account_email: null,
			content: 'Renew it',
			domain: 'example.com',
			domain_expire_on: '2027-01-31',
		});
		const account3 = (await t.get('/accounts/3')).data;
		expect(res.data[2]).toEqual(
			expect.objectContaining({ account_id: 3, account_email: account3.email, level: 'warning' }),
		);
		const closed = (await t.admin('POST', `/notifications/${third.id}/close`)).data;
		expect(closed).toEqual(expect.objectContaining({ id: third.id, open: false }));
		expect((await t.get('/notifications')).data.map((n: { id: number }) => n.id)).toEqual([
			second.id,
			first.id,
		]);
		expect(
			(await t.admin('GET', '/notifications')).data.filter((n: { id: number }) => n.id >= first.id),
		).toHaveLength(3);
	});

	it('shows the 25 most recent open ones only', async () => {
		const ids: number[] = [];
		for (let i = 0; i < 30; i++)
			ids.push((await open({ event: 'REPUTATION_SCORE_DECREASE', account_id: 1 })).id);
		const res = await t.get('/notifications');
		expect(res.data.map((n: { id: number }) => n.id)).toEqual(ids.slice(5).reverse());
	});

	it('filters by account_id and by event (both, either); a bad account_id → 422', async () => {
		const a = await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 3 });
		const b = await open({ event: 'REPUTATION_SCORE_DECREASE', account_id: 3 });
		const c = await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 4 });
		const ids = async (query: Record<string, string | number>) =>
			(await t.get('/notifications', query)).data.map((n: { id: number }) => n.id);
		expect(await ids({ account_id: 3 })).toEqual([b.id, a.id]);
		expect(await ids({ event: 'ACCOUNT_DISCONNECTED' })).toEqual([c.id, a.id]);
		expect(await ids({ account_id: 3, event: 'ACCOUNT_DISCONNECTED' })).toEqual([a.id]);
		expect(await ids({ account_id: 99999 })).toEqual([]);
		expectError(await t.get('/notifications', { account_id: 'x' }), 422);
		expectError(await t.get('/notifications', { account_id: 0 }), 422);
	});

	it('is per project: project B sees none of project A’s', async () => {
		await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 3 });
		const b = await open({ event: 'ACCOUNT_DISCONNECTED', project: 'B', account_id: 100001 });
		const res = await t.get('/notifications', {}, 'B');
		expect(res.data.map((n: { id: number; project_id: number }) => [n.id, n.project_id])).toEqual([
			[b.id, 2],
		]);
	});

	it('admin: event required, account of the project only, unknown notification → 404', async () => {
		expect((await t.admin('POST', '/notifications', {})).status).toBe(400);
		expect(
			(await t.admin('POST', '/notifications', { event: 'X', account_id: 100001 })).status,
		).toBe(404);
		expect((await t.admin('POST', '/notifications/999/close')).status).toBe(404);
	});
});

describe('notifications the sandbox opens by itself', () => {
	it('a fresh sandbox lists the disconnected accounts and the domain that expires within 30 days', async () => {
		const account13 = (await t.get('/accounts/13')).data;
		expect(account13.imap_issue).toBe(true);
		const initech = (
			(await t.get('/projects/domains')).data.domains as Array<{
				domain: string;
				expire_at: string;
			}>
		).find((d) => d.domain === 'initech-news.org')!;
		const days = (Date.parse(initech.expire_at) - Date.now()) / 86400000;
		expect(days).toBeGreaterThan(18);
		expect(days).toBeLessThanOrEqual(20);
		const list = await listed();
		expect(list.map((n) => [n.event, n.account_id, n.domain])).toEqual([
			['ACCOUNT_DISCONNECTED', 13, 'umbrella-eu.de'],
			['DOMAIN_EXPIRING_SOON', null, 'initech-news.org'],
		]);
		expect(list[0]).toMatchObject({
			level: 'warning',
			account_email: account13.email,
			content: `Account ${account13.email} lost its connection`,
			domain_expire_on: null,
		});
		expect(list[1]).toMatchObject({
			level: 'warning',
			account_email: null,
			domain_expire_on: initech.expire_at,
			content: 'Domain initech-news.org expires soon',
		});
		// Project B: its disconnected account only (no domain of B expires within 30 days).
		expect((await listed({}, 'B')).map((n) => [n.event, n.account_id])).toEqual([
			['ACCOUNT_DISCONNECTED', 100005],
		]);
	});

	it('a disconnection opens one ACCOUNT_DISCONNECTED (a second disconnection adds none); a reconnect closes it', async () => {
		await t.admin('POST', '/settings', { reconnectDelayMs: 0 });
		await t.admin('POST', '/accounts/4/disconnect');
		await t.admin('POST', '/accounts/4/disconnect');
		const mine = await listed({ account_id: 4 });
		expect(mine.map((n) => n.event)).toEqual(['ACCOUNT_DISCONNECTED']);
		expect((await listed())[0].id).toBe(mine[0].id);

		expect((await t.post('/accounts/4/reconnect')).status).toBe(201);
		expect(await listed({ account_id: 4 })).toEqual([]);
		// Disconnected again later: a new notification, the closed one stays closed.
		await t.admin('POST', '/accounts/4/disconnect');
		const again = await listed({ account_id: 4 });
		expect(again).toHaveLength(1);
		expect(again[0].id).toBeGreaterThan(mine[0].id);
	});

	it('closes ACCOUNT_DISCONNECTED when a batch reconnect finishes or the account is deleted; a broken account keeps it', async () => {
		await t.admin('POST', '/settings', { reconnectDelayMs: 0 });
		await t.admin('POST', '/accounts/6/disconnect');
		await t.admin('POST', '/accounts/6/broken');
		await t.post('/accounts/6/reconnect');
		expect(await listed({ account_id: 6 })).toHaveLength(1);

		const task = (await t.post('/accounts/batch', { account_ids: [13], action: 'reconnect' })).data;
		for (let i = 0; i < 3; i++) await t.get(`/tasks/${task.id}`);
		expect(await listed({ account_id: 13 })).toEqual([]);

		expect((await t.api('DELETE', '/accounts/6')).status).toBe(200);
		expect(await listed({ account_id: 6 })).toEqual([]);
	});

	it('a spam test that completes opens SPAMCHECK_COMPLETED (info) naming the test and its sender', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		expect(await listed({ event: 'SPAMCHECK_COMPLETED' })).toEqual([]);
		await t.admin('POST', `/spam_tests/${created.public_id}/complete`, {
			sender: 'news@acme-mail.com',
			subject: 'Hello',
		});
		const [n] = await listed({ event: 'SPAMCHECK_COMPLETED' });
		expect(n).toMatchObject({
			level: 'info',
			account_id: null,
			account_email: 'news@acme-mail.com',
			domain: 'acme-mail.com',
			content: `Spam test ${created.public_id} completed`,
			domain_expire_on: null,
		});
		expect((await listed())[0].id).toBe(n.id);
	});

	it('a notification opened through the admin API is never closed by the sandbox', async () => {
		const byHand = await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 3 });
		expect((await t.get('/accounts/3')).data.imap_issue).toBe(false);
		expect((await listed({ account_id: 3 })).map((n) => n.id)).toEqual([byHand.id]);
	});
});
