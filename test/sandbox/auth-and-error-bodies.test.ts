/** Spec §5 authentication and scope, §7 error bodies, unknown paths and methods, GET /ping. */
import axios from 'axios';
import { KEY_A, KEY_B, expectError, useSandbox } from './helpers';

const t = useSandbox();

describe('auth (§5)', () => {
	it('accepts the key with and without the Bearer prefix (prefix case-insensitive)', async () => {
		expect((await t.api('GET', '/ping', { form: 'raw' })).status).toBe(200);
		expect((await t.api('GET', '/ping', { form: 'bearer' })).status).toBe(200);
		expect((await t.api('GET', '/ping', { key: `bEaReR ${KEY_A}`, form: 'raw' })).status).toBe(200);
	});

	it('answers 401 with a JSON message for a missing or unknown key', async () => {
		expectError(await t.api('GET', '/accounts', { key: null }), 401);
		expectError(await t.api('GET', '/accounts', { key: 'not-a-key' }), 401);
		expectError(await t.api('GET', '/accounts', { key: '', form: 'raw' }), 401);
		expectError(await t.api('POST', '/spam_tests', { key: null, body: {} }), 401);
	});

	it('does not accept the key in Authorization instead of X-Api-Key', async () => {
		const res = await t.api('GET', '/ping', {
			key: null,
			headers: { Authorization: `Bearer ${KEY_A}` },
		});
		expectError(res, 401);
	});

	it('GET /ping names the project of the key', async () => {
		expect((await t.get('/ping')).data).toEqual({ message: 'pong', project_id: 1 });
		expect((await t.get('/ping', undefined, 'B')).data).toEqual({ message: 'pong', project_id: 2 });
	});

	it('scopes lists to the project of the key', async () => {
		const a = await t.get('/accounts', { include_spamchecker: true, per_page: 100 });
		const b = await t.get('/accounts', { include_spamchecker: true }, 'B');
		expect(a.data.every((x: { id: number }) => x.id < 100000)).toBe(true);
		expect(b.data.map((x: { id: number }) => x.id).sort()).toEqual([
			100001, 100002, 100003, 100004, 100005,
		]);
	});

	it("answers 403 for another project's resources and 404 for unknown ones", async () => {
		const bTests = await t.get('/spam_tests', { page: 0 }, 'B');
		const bPublicId = bTests.data[0].public_id as string;
		const bAuto = await t.get('/automated_tests', {}, 'B');
		const bAlerts = await t.get('/alerts', {}, 'B');
		const task = await t.post('/accounts/batch', { account_ids: [100001], action: 'pause' }, 'B');
		expect(task.status).toBe(201);
		for (const path of [
			'/accounts/100001',
			'/accounts/100001/aliases',
			`/spam_tests/${bPublicId}`,
			`/automated_tests/${bAuto.data[0].id}`,
			`/tasks/${task.data.id}`,
		]) {
			expectError(await t.get(path), 403);
		}
		expectError(await t.post('/accounts/100001', { alive: false }), 403);
		expectError(await t.post(`/alerts/${bAlerts.data[0].id}`, { active: false }), 403);
		expectError(await t.api('DELETE', `/alerts/${bAlerts.data[0].id}`), 403);
		for (const path of [
			'/accounts/99999',
			'/spam_tests/zzzzzzzzzz',
			'/automated_tests/99999',
			'/tasks/99999',
		]) {
			expectError(await t.get(path), 404);
		}
		// The project's own resources are reachable with its key.
		expect((await t.get('/accounts/100001', undefined, 'B')).status).toBe(200);
	});

	it('logs which header form was used, never the key', async () => {
		await t.admin('DELETE', '/requests');
		await t.api('GET', '/ping', { form: 'bearer' });
		await t.api('GET', '/ping', { form: 'raw', key: 'B' });
		await t.api('GET', '/ping', { key: null });
		const log = (await t.admin('GET', '/requests')).data;
		expect(log.map((e: { headerForm: string }) => e.headerForm)).toEqual([
			'bearer',
			'raw',
			'missing',
		]);
		expect(log.map((e: { project: string | null }) => e.project)).toEqual(['A', 'B', null]);
		expect(log.map((e: { status: number }) => e.status)).toEqual([200, 200, 401]);
		const text = JSON.stringify(log);
		expect(text).not.toContain(KEY_A);
		expect(text).not.toContain(KEY_B);
	});
});

describe('errors (§7)', () => {
	it('answers unknown paths with 404 and wrong methods with 405, both with a message', async () => {
		expectError(await t.get('/nothing-here'), 404);
		expectError(await t.api('DELETE', '/accounts'), 405);
		expectError(await t.api('DELETE', '/spam_tests'), 405);
	});

	const WRITES = [
		'/accounts/4',
		'/accounts/batch',
		'/imap_auth',
		'/spam_tests',
		'/automated_tests',
		'/automated_tests/1',
		'/automated_tests/1/runs',
		'/alerts',
		'/alerts/1',
		'/email_workspaces',
	];

	it('answers malformed JSON and a body that is not an object with 400 and a message on every write', async () => {
		const specTestId = (await t.get('/spam_tests', { page: 0 })).data[0].public_id as string;
		for (const path of [...WRITES, `/spam_tests/${specTestId}`]) {
			for (const rawBody of ['{"a": ', 'null', '[]', '"text"', '42']) {
				const res = await t.api('POST', path, { rawBody });
				expectError(res, 400);
			}
		}
		expect((await t.admin('GET', '/state')).data.projects.A).toMatchObject({
			spamTests: 36,
			automatedTests: 32,
			alerts: 3,
		});
	});

	it('answers a missing required field with 400 naming it', async () => {
		const specTestId = (await t.get('/spam_tests', { page: 0 })).data[0].public_id as string;
		for (const [path, body, field] of [
			['/accounts/batch', { action: 'suspend' }, 'account_ids'],
			['/accounts/batch', { account_ids: [4] }, 'action'],
			['/automated_tests', {}, 'account_id'],
			['/automated_tests/1', { hour: 3 }, 'active'],
			['/automated_tests/1/runs', {}, 'weekdays'],
			[`/spam_tests/${specTestId}`, { seedlist: 2 }, 'type'],
			['/alerts', { channel: 'SLACK', active: true, slack_channel_id: 1 }, 'events'],
			['/email_workspaces', { provider: 'outlook' }, 'name'],
			['/imap_auth', { email: 'a@b.test', first_name: 'A', last_name: 'B' }, 'provider'],
		] as const) {
			const res = await t.post(path, body);
			expectError(res, 400);
			expect(res.data.message).toContain(field);
		}
	});

	it('answers unknown ids with 404 and a message on every resource', async () => {
		for (const path of [
			'/accounts/99999',
			'/accounts/99999/aliases',
			'/spam_tests/zzzzzzzzzz',
			'/automated_tests/99999',
			'/tasks/99999',
			'/email_workspaces/99999',
		]) {
			expectError(await t.get(path), 404);
		}
		for (const [path, body] of [
			['/accounts/99999', { alive: true }],
			['/spam_tests/zzzzzzzzzz', { type: 'all' }],
			['/automated_tests/99999', { active: true }],
			['/automated_tests/99999/runs', { weekdays: [1] }],
			['/alerts/99999', { active: true }],
		] as const) {
			expectError(await t.post(path, body), 404);
		}
		expectError(await t.api('DELETE', '/alerts/99999'), 404);
	});

	it('answers a path id that is not an integer with 400', async () => {
		expectError(await t.get('/accounts/abc'), 400);
		expectError(await t.get('/automated_tests/1.5'), 400);
		expectError(await t.get('/accounts/99999999999'), 400);
	});

	it('answers outside /api/v1 with a JSON 404', async () => {
		const root = t.sb.baseUrl.replace('/api/v1', '');
		const res = await axios.get(`${root}/api/v2/accounts`, {
			headers: { 'X-Api-Key': KEY_A },
			validateStatus: () => true,
		});
		expectError(res, 404);
	});
});
