// Credential + transport over real HTTP: a loopback server scripted per test, requests made through n8n's real
// engine (WorkflowExecute → httpRequestWithAuthentication → the credential's generic authenticate).
import { runNode } from '../../support/harness';
import { TransportProbe } from './fixtures/TransportProbe.node';
import { useScriptedServer } from './scripted-server';

const KEY = 'dummy-key-7f3a9c';
const { server, baseUrl } = useScriptedServer();

type Params = Record<string, string | number>;

async function probe(parameters: Params, credential: Record<string, string> = {}) {
	return await runNode({
		nodeType: new TransportProbe(),
		parameters,
		credentials: {
			deliverabilityApi: { apiKey: KEY, baseUrl: baseUrl(), headerForm: 'bearer', ...credential },
		},
	});
}

function errorText(run: Awaited<ReturnType<typeof probe>>): string {
	const error = run.error as unknown as Record<string, unknown> | undefined;
	return JSON.stringify({
		message: error?.message,
		description: error?.description,
		error,
		items: run.items,
	});
}

describe('credential: X-Api-Key header forms (spec §5)', () => {
	it('sends "Bearer <key>" by default, with the User-Agent and the base URL path', async () => {
		server.reply([{ status: 200, body: { id: 1 } }]);
		const run = await probe({ path: '/accounts/1' });
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual({ id: 1 });
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].url).toBe('/api/v1/accounts/1');
		expect(server.requests[0].headers['x-api-key']).toBe(`Bearer ${KEY}`);
		expect(server.requests[0].headers['user-agent']).toMatch(
			/^n8n-nodes-deliverability\/\d+\.\d+\.\d+$/,
		);
	});

	it('sends the raw key with the raw form', async () => {
		server.reply([{ status: 200, body: {} }]);
		await probe({ path: '/ping' }, { headerForm: 'raw' });
		expect(server.requests[0].headers['x-api-key']).toBe(KEY);
	});

	it('never doubles a prefix pasted with the key, in either form', async () => {
		server.reply([
			{ status: 200, body: {} },
			{ status: 200, body: {} },
		]);
		await probe({ path: '/ping' }, { apiKey: `Bearer ${KEY}` });
		await probe({ path: '/ping' }, { apiKey: ` bearer ${KEY} `, headerForm: 'raw' });
		expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([`Bearer ${KEY}`, KEY]);
	});

	it('accepts a base URL with a trailing slash', async () => {
		server.reply([{ status: 200, body: {} }]);
		await probe({ path: '/ping' }, { baseUrl: `${baseUrl()}/` });
		expect(server.requests[0].url).toBe('/api/v1/ping');
	});
});

describe('retries', () => {
	it('retries a read after 429, honouring Retry-After in seconds', async () => {
		server.reply([
			{ status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '1' } },
			{ status: 200, body: { ok: 1 } },
		]);
		const run = await probe({ path: '/accounts/1' });
		expect(run.error).toBeUndefined();
		expect(server.requests).toHaveLength(2);
		expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(950);
	});

	it('honours Retry-After given as an HTTP date', async () => {
		// Three seconds ahead, truncated to whole seconds: at least 2 s ahead when written, so even a slow machine
		// (hundreds of ms between writing the date and the client reading it) leaves well over 1 s to wait.
		const at = new Date(Date.now() + 3000).toUTCString();
		server.reply([
			{ status: 429, body: { message: 'slow down' }, headers: { 'retry-after': at } },
			{ status: 200, body: {} },
		]);
		await probe({ path: '/accounts/1' });
		expect(server.requests).toHaveLength(2);
		expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(1000);
	});

	it('retries 503 on reads and gives up after 4 retries (5 requests)', async () => {
		server.reply([], () => ({ status: 503, body: { message: 'maintenance' } }));
		const run = await probe({ path: '/accounts/1' });
		expect(server.requests).toHaveLength(5);
		expect(run.error?.message).toContain('maintenance');
		expect(String((run.error as unknown as { httpCode?: string }).httpCode)).toBe('503');
	});

	it('recovers from 503 then 200 on a read', async () => {
		server.reply([
			{ status: 503, body: { message: 'x' } },
			{ status: 502, body: { message: 'y' } },
			{ status: 200, body: { id: 9 } },
		]);
		const run = await probe({ path: '/accounts/9' });
		expect(run.items[0].json).toEqual({ id: 9 });
		expect(server.requests).toHaveLength(3);
	});

	it('retries a read whose connection was reset', async () => {
		server.reply([{ reset: true }, { status: 200, body: { id: 3 } }]);
		const run = await probe({ path: '/accounts/3' });
		expect(run.items[0].json).toEqual({ id: 3 });
		expect(server.requests).toHaveLength(2);
	});

	it('retries an update by id after 500', async () => {
		server.reply([
			{ status: 500, body: { message: 'oops' } },
			{ status: 200, body: { id: 4, alive: false } },
		]);
		const run = await probe({
			method: 'POST',
			path: '/accounts/4',
			kind: 'update',
			body: '{"alive":false}',
		});
		expect(run.items[0].json).toEqual({ id: 4, alive: false });
		expect(server.requests).toHaveLength(2);
		expect(JSON.parse(server.requests[1].body)).toEqual({ alive: false });
	});

	it('sends a create that got a 500 exactly once', async () => {
		server.reply([], () => ({ status: 500, body: { message: 'processed, then failed' } }));
		const run = await probe({ method: 'POST', path: '/spam_tests', body: '{"seedlist":1}' });
		expect(server.requests).toHaveLength(1);
		expect(run.error?.message).toContain('processed, then failed');
		expect(errorText(run)).toContain('create');
	});

	it('sends a create whose connection was reset exactly once', async () => {
		server.reply([{ reset: true }], () => ({ status: 201, body: { public_id: 'never' } }));
		const run = await probe({ method: 'POST', path: '/spam_tests', body: '{}' });
		expect(server.requests).toHaveLength(1);
		expect(run.error?.message).toMatch(/connection/i);
	});

	it('retries a create after 429 (the service refused it before doing anything)', async () => {
		server.reply([
			{ status: 429, body: { message: 'rate' }, headers: { 'retry-after': '0' } },
			{ status: 201, body: { public_id: 'abc' } },
		]);
		const run = await probe({ method: 'POST', path: '/spam_tests', body: '{}' });
		expect(run.items[0].json).toEqual({ public_id: 'abc' });
		expect(server.requests).toHaveLength(2);
	});

	it('retries a create once when the connection was refused (it never reached the service)', async () => {
		const run = await probe(
			{ method: 'POST', path: '/spam_tests', body: '{}' },
			{ baseUrl: 'http://127.0.0.1:9/api/v1' },
		);
		expect(run.error?.message).toMatch(/cannot be reached \(connection refused\)/);
		expect(errorText(run)).toContain('Attempts: 2');
	});
});

describe('error mapping (spec §7)', () => {
	it('keeps the service message, the status and 422 detail fields', async () => {
		server.reply([
			{
				status: 422,
				body: {
					message: 'seedlist must be between 1 and 4',
					errors: { seedlist: ['out of range'] },
				},
			},
		]);
		const run = await probe({ method: 'POST', path: '/spam_tests', body: '{"seedlist":9}' });
		const error = run.error as unknown as {
			message: string;
			description: string;
			httpCode: string;
		};
		expect(error.message).toContain('seedlist must be between 1 and 4');
		expect(error.httpCode).toBe('422');
		expect(error.description).toContain('out of range');
		expect(server.requests).toHaveLength(1);
	});

	it.each([
		[401, /key/i],
		[403, /project/i],
		[404, /ID/],
	])('explains %s with what to do', async (status, hint) => {
		server.reply([{ status, body: { message: `status ${status}` } }]);
		const run = await probe({ path: '/accounts/1' });
		const error = run.error as unknown as {
			message: string;
			description: string;
			httpCode: string;
		};
		expect(error.message).toContain(`status ${status}`);
		expect(error.httpCode).toBe(String(status));
		expect(error.description).toMatch(hint);
		expect(server.requests).toHaveLength(1);
	});

	it('never shows the API key, even when the service echoes it', async () => {
		server.reply([{ status: 401, body: { message: `invalid key Bearer ${KEY}`, key: KEY } }]);
		const run = await probe({ path: '/accounts/1' });
		expect(run.error).toBeDefined();
		expect(errorText(run)).not.toContain(KEY);
		expect(errorText(run)).toContain('[redacted]');
	});

	it('falls back to the status when the body has no message', async () => {
		server.reply([], () => ({ status: 500 }));
		const run = await probe({ method: 'POST', path: '/alerts', body: '{}' });
		expect(run.error?.message).toContain('HTTP 500');
	});
});

describe('pagination (scripted server that ignores per_page and pages by its own size)', () => {
	function listOf(total: number, pageSize: number) {
		const all = Array.from({ length: total }, (_, i) => ({ id: total - i }));
		return (req: { url: string }) => {
			const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
			return { status: 200, body: all.slice(page * pageSize, (page + 1) * pageSize) };
		};
	}
	const pages = () =>
		server.requests
			.map((r) => Number(new URL(r.url, 'http://x').searchParams.get('page')))
			.sort((a, b) => a - b);
	const perPages = () =>
		new Set(server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('per_page')));

	it('asks per_page=100, learns the page size of 50 from pages 0 and 1, returns all 100 in order', async () => {
		server.reply([], listOf(100, 50));
		const run = await probe({ mode: 'all', pageSize: 50 });
		expect(run.items.map((i) => i.json.id)).toEqual(Array.from({ length: 100 }, (_, i) => 100 - i));
		expect(perPages()).toEqual(new Set(['100']));
		// Needed: 0, 1 and the empty 2, nothing more: page 1 (the first full page of a known size) opens no window yet.
		expect(pages()).toEqual([0, 1, 2]);
	});

	it('stops at a short page', async () => {
		server.reply([], listOf(23, 10));
		const run = await probe({ mode: 'all', pageSize: 10 });
		expect(run.items).toHaveLength(23);
		expect(pages().slice(0, 3)).toEqual([0, 1, 2]);
		expect(pages().length).toBeLessThanOrEqual(4);
	});

	it('returns nothing for an empty list after one request', async () => {
		server.reply([], listOf(0, 25));
		const run = await probe({ mode: 'all', pageSize: 25 });
		expect(run.items).toHaveLength(0);
		expect(pages()).toEqual([0]);
	});

	it('a first page shorter than the endpoint default is the whole list: one request', async () => {
		server.reply([], listOf(7, 25));
		const run = await probe({ mode: 'all', pageSize: 25 });
		expect(run.items).toHaveLength(7);
		expect(pages()).toEqual([0]);
	});

	it('fetches only the pages a limit needs, asking per_page = the limit', async () => {
		server.reply([], listOf(100, 50));
		const within = await probe({ mode: 'all', pageSize: 50, limit: 30 });
		expect(within.items).toHaveLength(30);
		expect(pages()).toEqual([0]);
		expect(perPages()).toEqual(new Set(['30']));

		server.reply([], listOf(200, 50));
		const across = await probe({ mode: 'all', pageSize: 50, limit: 60 });
		expect(across.items.map((i) => i.json.id)).toEqual(
			Array.from({ length: 60 }, (_, i) => 200 - i),
		);
		expect(pages()).toEqual([0, 1]);

		server.reply([], listOf(100, 50));
		const exact = await probe({ mode: 'all', pageSize: 50, limit: 100 });
		expect(exact.items).toHaveLength(100);
		expect(pages()).toEqual([0, 1]);
	});

	it('skips an item that shifted onto the next page instead of duplicating it', async () => {
		// A new item was created between the two page reads: id 51 shows up again at the top of page 1.
		const page0 = Array.from({ length: 50 }, (_, i) => ({ id: 100 - i }));
		const page1 = Array.from({ length: 30 }, (_, i) => ({ id: 51 - i }));
		server.reply(
			[
				{ status: 200, body: page0 },
				{ status: 200, body: page1 },
			],
			() => ({ status: 200, body: [] }),
		);
		const run = await probe({ mode: 'all', pageSize: 50 });
		const ids = run.items.map((i) => i.json.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toHaveLength(79);
	});

	it('retries a failed page without losing or repeating items', async () => {
		const list = listOf(60, 50);
		server.reply(
			[
				{ status: 200, body: list({ url: '/?page=0' }).body },
				{ status: 503, body: { message: 'x' } },
			],
			list,
		);
		const run = await probe({ mode: 'all', pageSize: 50 });
		expect(run.items.map((i) => i.json.id)).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i));
		expect(pages()).toEqual([0, 1, 1]);
	});
});
