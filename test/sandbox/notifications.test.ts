/** GET /notifications: open ones only, newest first, at most 25, filters account_id and event; admin open/close. */
import { expectError, useSandbox } from './helpers';

const t = useSandbox({ accounts: 20 });

const open = async (body: Record<string, unknown>) => (await t.admin('POST', '/notifications', body)).data;

describe('GET /notifications', () => {
	it('lists the open notifications newest first with the documented fields; closed ones are left out', async () => {
		expect((await t.get('/notifications')).data).toEqual([]);
		const first = await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 3 });
		const second = await open({ event: 'DOMAIN_EXPIRING_SOON', level: 'info', domain: 'example.com', domain_expire_on: '2027-01-31', content: 'Renew it' });
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
		expect(res.data[2]).toEqual(expect.objectContaining({ account_id: 3, account_email: account3.email, level: 'warning' }));
		const closed = (await t.admin('POST', `/notifications/${third.id}/close`)).data;
		expect(closed).toEqual(expect.objectContaining({ id: third.id, open: false }));
		expect((await t.get('/notifications')).data.map((n: { id: number }) => n.id)).toEqual([second.id, first.id]);
		expect((await t.admin('GET', '/notifications')).data).toHaveLength(3);
	});

	it('shows the 25 most recent open ones only', async () => {
		const ids: number[] = [];
		for (let i = 0; i < 30; i++) ids.push((await open({ event: 'REPUTATION_SCORE_DECREASE', account_id: 1 })).id);
		const res = await t.get('/notifications');
		expect(res.data.map((n: { id: number }) => n.id)).toEqual(ids.slice(5).reverse());
	});

	it('filters by account_id and by event (both, either); a bad account_id → 422', async () => {
		const a = await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 3 });
		const b = await open({ event: 'REPUTATION_SCORE_DECREASE', account_id: 3 });
		const c = await open({ event: 'ACCOUNT_DISCONNECTED', account_id: 4 });
		const ids = async (query: Record<string, string | number>) => (await t.get('/notifications', query)).data.map((n: { id: number }) => n.id);
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
		expect(res.data.map((n: { id: number; project_id: number }) => [n.id, n.project_id])).toEqual([[b.id, 2]]);
	});

	it('admin: event required, account of the project only, unknown notification → 404', async () => {
		expect((await t.admin('POST', '/notifications', {})).status).toBe(400);
		expect((await t.admin('POST', '/notifications', { event: 'X', account_id: 100001 })).status).toBe(404);
		expect((await t.admin('POST', '/notifications/999/close')).status).toBe(404);
	});
});
