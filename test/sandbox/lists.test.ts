/** Admin `POST /lists` (sandbox/lists.ts): fills a list to a count with copies under fresh ids, for the list checks. */
import { useSandbox } from './helpers';

const t = useSandbox();

const LISTS: Array<[string, Record<string, string | number>]> = [
	['/accounts', { per_page: 100, page: 0 }],
	['/spam_tests', { per_page: 100, page: 0 }],
	['/automated_tests', { per_page: 100, page: 0 }],
	['/alerts', {}],
	['/email_workspaces', {}],
	['/projects/domains', {}],
];

it.each(LISTS)(
	'fills %s to the count asked, every record under its own id',
	async (path, query) => {
		const filled = await t.admin('POST', '/lists', { path, count: 60 });
		expect(filled).toMatchObject({ status: 200, data: { path } });
		expect(filled.data.count).toBeGreaterThanOrEqual(60);
		const got = (await t.get(path, query)).data;
		const records: Array<{ id?: number; public_id?: string }> = Array.isArray(got)
			? got
			: (Object.values(got as object).find(Array.isArray) ?? []);
		expect(records.length).toBeGreaterThanOrEqual(60);
		const ids = records.map((r) => r.id ?? r.public_id);
		expect(new Set(ids).size).toBe(records.length);
	},
);

it('fills the open notifications up to what the list shows (25)', async () => {
	expect((await t.admin('POST', '/lists', { path: '/notifications', count: 40 })).status).toBe(200);
	expect((await t.get('/notifications')).data).toHaveLength(25);
});

it('refuses a path it cannot fill, naming where a new list gets its entry', async () => {
	const refused = await t.admin('POST', '/lists', { path: '/webhooks', count: 5 });
	expect(refused.status).toBe(400);
	expect(refused.data.message).toContain('sandbox/lists.ts');
});
