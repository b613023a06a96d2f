/** Admin API: misbehaving answers per route (method + path pattern), the kinds proxies, gateways and backends send. */
import * as http from 'node:http';

import { noContent } from '../../sandbox/api';
import { ANSWER_KINDS, misanswer, patternFits } from '../../sandbox/misbehave';
import { ROUTES } from '../../sandbox/server';
import type { AnswerRule } from '../../sandbox/admin-state';
import { KEY_A, useSandbox } from './helpers';

const t = useSandbox();

interface Raw {
	status: number;
	headers: http.IncomingHttpHeaders;
	text: string;
	/** How many separate chunks the body arrived in. */
	chunks: number;
}

/** One request with the raw answer as sent (no JSON parsing, no redirect following). */
function raw(method: string, path: string, body?: unknown, key = KEY_A): Promise<Raw> {
	const url = new URL(`${t.sb.baseUrl}${path}`);
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{ method, headers: { 'x-api-key': `Bearer ${key}`, 'content-type': 'application/json' } },
			(res) => {
				const parts: Buffer[] = [];
				res.on('data', (c: Buffer) => parts.push(c));
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						headers: res.headers,
						text: Buffer.concat(parts).toString('utf8'),
						chunks: parts.length,
					}),
				);
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end(body === undefined ? undefined : JSON.stringify(body));
	});
}

async function rule(body: Record<string, unknown>): Promise<void> {
	const res = await t.admin('POST', '/answers', body);
	expect(res.status).toBe(200);
}

describe('path patterns', () => {
	it('compare segment by segment; :name fits one segment, a final * any rest', () => {
		expect(patternFits('/alerts/:id', '/alerts/7')).toBe(true);
		expect(patternFits('/alerts/:id', '/alerts')).toBe(false);
		expect(patternFits('/alerts', '/alerts/7')).toBe(false);
		expect(patternFits('/accounts/*', '/accounts/3/stats')).toBe(true);
		expect(patternFits('/accounts/*', '/accounts')).toBe(true);
		expect(patternFits(null, '/anything')).toBe(true);
	});
});

describe('misbehaving answers', () => {
	it('a rule hits only its method and path pattern, for `count` requests, then the route answers normally', async () => {
		await rule({ kind: 'null', method: 'GET', path: '/accounts/:id', count: 1 });
		expect((await raw('GET', '/accounts')).text.startsWith('[')).toBe(true);
		expect((await raw('POST', '/accounts/1', {})).text).not.toBe('null');
		expect((await raw('GET', '/accounts/1')).text).toBe('null');
		expect(JSON.parse((await raw('GET', '/accounts/1')).text)).toMatchObject({ id: 1 });
		expect((await t.admin('GET', '/answers')).data).toEqual([]);
	});

	it("as-is passes the route's answer through unchanged, and logs it", async () => {
		const before = await raw('GET', '/accounts/2');
		await rule({ kind: 'as-is', path: '/accounts/:id', count: 1 });
		const same = await raw('GET', '/accounts/2');
		expect([same.status, same.text]).toEqual([before.status, before.text]);
		expect((await t.admin('GET', '/answers/log')).data).toEqual([
			expect.objectContaining({ kind: 'as-is', body: before.text }),
		]);
	});

	it('a 200 web page (text/html) and a 502 gateway page', async () => {
		await rule({ kind: 'html', path: '/ping', count: 1 });
		await rule({ kind: 'html-502', path: '/ping', count: 1 });
		const page = await raw('GET', '/ping');
		expect(page.status).toBe(200);
		expect(page.headers['content-type']).toMatch(/text\/html/);
		expect(page.text).toMatch(/^<!DOCTYPE html>/);
		const gateway = await raw('GET', '/ping');
		expect(gateway.status).toBe(502);
		expect(gateway.text).toContain('<title>502 Bad Gateway</title>');
	});

	it('empty body, 204, null, a bare string', async () => {
		for (const kind of ['empty', '204', 'null', 'string'])
			await rule({ kind, path: '/ping', count: 1 });
		const empty = await raw('GET', '/ping');
		expect([empty.status, empty.text, empty.headers['content-type']]).toEqual([
			200,
			'',
			'application/json; charset=utf-8',
		]);
		const noContent = await raw('GET', '/ping');
		expect([noContent.status, noContent.text]).toEqual([204, '']);
		expect((await raw('GET', '/ping')).text).toBe('null');
		expect((await raw('GET', '/ping')).text).toBe('"OK"');
	});

	it('the wrong JSON type: [] for an object, the first item (an object) for a list', async () => {
		await rule({ kind: 'wrong-type', path: '/ping', count: 1 });
		await rule({ kind: 'wrong-type', path: '/accounts', count: 1 });
		expect((await raw('GET', '/ping')).text).toBe('[]');
		const account = JSON.parse((await raw('GET', '/accounts')).text);
		expect(Array.isArray(account)).toBe(false);
		expect(account).toMatchObject({ id: 120, email: expect.any(String) });
	});

	it('cut-off JSON: the first half of the real answer, with a matching content-length', async () => {
		const whole = (await raw('GET', '/accounts/1')).text;
		await rule({ kind: 'cut', path: '/accounts/:id', count: 1 });
		const cut = await raw('GET', '/accounts/1');
		expect(cut.text).toBe(whole.slice(0, Math.floor(whole.length / 2)));
		expect(Number(cut.headers['content-length'])).toBe(Buffer.byteLength(cut.text));
		expect(() => JSON.parse(cut.text)).toThrow();
	});

	// How the bytes group into reads is the receiving machine's business (a busy one reads several at once), so the
	// test holds what the sandbox controls: a pause after every byte, so the answer cannot end before one pause per
	// byte but the last has passed, and it arrives in pieces (40 ms pauses: no load holds a reader for the 1.3 s).
	it('a trickle sends the real answer one byte at a time, a pause after each', async () => {
		const intervalMs = 40;
		await rule({ kind: 'trickle', path: '/ping', count: 1, intervalMs });
		const started = performance.now();
		const slow = await raw('GET', '/ping');
		const took = performance.now() - started;
		expect(JSON.parse(slow.text)).toEqual({ message: 'pong', project_id: 1 });
		expect(took).toBeGreaterThanOrEqual((Buffer.byteLength(slow.text) - 1) * intervalMs);
		expect(slow.chunks).toBeGreaterThan(1);
	});

	it('booleans as text or numbers, numbers as text, everywhere in the answer', async () => {
		await rule({ kind: 'booleans-as-text', path: '/accounts/:id', count: 1 });
		await rule({ kind: 'booleans-as-numbers', path: '/accounts/:id', count: 1 });
		await rule({ kind: 'numbers-as-text', path: '/accounts/:id', count: 1 });
		const asText = JSON.parse((await raw('GET', '/accounts/1')).text);
		expect(asText.warming_enabled).toBe('true');
		expect(asText.id).toBe(1);
		expect(JSON.parse((await raw('GET', '/accounts/1')).text).warming_enabled).toBe(1);
		const numbers = JSON.parse((await raw('GET', '/accounts/1')).text);
		expect(numbers.id).toBe('1');
		expect(numbers.warming_enabled).toBe(true);
	});

	it('a 422 whose message is an object or an array', async () => {
		await rule({ kind: 'message-object', path: '/alerts', count: 1 });
		await rule({ kind: 'message-array', path: '/alerts', count: 1 });
		const object = await raw('POST', '/alerts', {});
		expect(object.status).toBe(422);
		expect(JSON.parse(object.text).message).toEqual({
			name: ['is too long'],
			events: ['must not be empty'],
		});
		expect(JSON.parse((await raw('POST', '/alerts', {})).text).message).toEqual([
			'name is too long',
			'events must not be empty',
		]);
	});

	it('a PHP warning before the JSON, an XSSI prefix, a byte-order mark, JSON as text/plain', async () => {
		for (const kind of ['php-warning', 'xssi', 'bom', 'text-plain'])
			await rule({ kind, path: '/ping', count: 1 });
		const php = await raw('GET', '/ping');
		expect(php.text).toMatch(/^<br \/>\n<b>Warning<\/b>:.*\n\{"message":"pong"/s);
		expect(php.headers['content-type']).toMatch(/text\/html/);
		expect((await raw('GET', '/ping')).text).toMatch(/^\)\]\}',\n\{/);
		const bom = await raw('GET', '/ping');
		expect(bom.text.charCodeAt(0)).toBe(0xfeff);
		expect(JSON.parse(bom.text.slice(1))).toMatchObject({ message: 'pong' });
		const plain = await raw('GET', '/ping');
		expect(plain.headers['content-type']).toMatch(/^text\/plain/);
		expect(JSON.parse(plain.text)).toMatchObject({ message: 'pong' });
	});

	it('200 with {error} or {success: false}', async () => {
		await rule({ kind: 'error-200', path: '/ping', count: 1 });
		await rule({ kind: 'success-false', path: '/ping', count: 1 });
		const error = await raw('GET', '/ping');
		expect([error.status, Object.keys(JSON.parse(error.text))]).toEqual([200, ['error']]);
		expect(JSON.parse((await raw('GET', '/ping')).text)).toEqual({
			success: false,
			message: expect.any(String),
		});
	});

	it('given: the JSON the rule names, with a 200 (not a kind the matrix runs)', async () => {
		await rule({ kind: 'given', path: '/accounts', count: 1, body: { results: 'x' } });
		const given = await raw('GET', '/accounts');
		expect([given.status, JSON.parse(given.text)]).toEqual([200, { results: 'x' }]);
		expect((await t.admin('POST', '/answers', { kind: 'given' })).status).toBe(400);
	});

	it("with-fields: the route's answer with the fields added to every object in it", async () => {
		const before = JSON.parse((await raw('GET', '/accounts/1')).text) as Record<string, unknown>;
		const fields = { password: 'seeded-pass', private_key: 'seeded-key' };
		await rule({ kind: 'with-fields', path: '/accounts/:id', count: 1, fields });
		const after = JSON.parse((await raw('GET', '/accounts/1')).text) as Record<string, unknown>;
		expect(after).toMatchObject({ ...fields, id: before.id, email: before.email });
		// Nested objects too (the account's domain), so a secret deep in an answer is proven as well.
		expect(after.domain).toMatchObject(fields);
		await rule({ kind: 'with-fields', path: '/accounts', count: 1, fields });
		const list = JSON.parse((await raw('GET', '/accounts')).text) as Array<Record<string, unknown>>;
		expect(list.length).toBeGreaterThan(1);
		expect(list.every((a) => a.password === 'seeded-pass')).toBe(true);
		expect((await t.admin('POST', '/answers', { kind: 'with-fields' })).status).toBe(400);
	});

	it('a redirect to the web app sign-in page, which answers HTML', async () => {
		await rule({ kind: 'login-redirect', path: '/ping', count: 1 });
		const redirect = await raw('GET', '/ping');
		expect(redirect.status).toBe(302);
		expect(redirect.headers.location).toBe('/login?next=%2Fapi%2Fv1%2Fping');
		const login = await fetch(new URL(redirect.headers.location!, t.sb.baseUrl));
		expect(login.status).toBe(200);
		expect(await login.text()).toContain('Sign in');
	});

	it('the request is carried out unless perform is false; every misbehaving answer is logged as sent', async () => {
		const before = (await t.admin('GET', '/state')).data.projects.A.alerts;
		const alert = {
			channel: 'HOOK_URL',
			hook_url: 'https://hooks.example.com/x',
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		};
		await rule({ kind: 'html', method: 'POST', path: '/alerts', count: 1 });
		await rule({ kind: 'html', method: 'POST', path: '/alerts', count: 1, perform: false });
		expect((await raw('POST', '/alerts', alert)).status).toBe(200);
		expect((await raw('POST', '/alerts', alert)).status).toBe(200);
		expect((await t.admin('GET', '/state')).data.projects.A.alerts).toBe(before + 1);
		const log = (await t.admin('GET', '/answers/log')).data;
		expect(log).toHaveLength(2);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: '/alerts',
			kind: 'html',
			status: 200,
			contentType: 'text/html; charset=utf-8',
		});
		expect(log[0].body).toMatch(/^<!DOCTYPE html>/);
		const requests = (await t.admin('GET', '/requests')).data;
		expect(requests.at(-1)).toMatchObject({ path: '/alerts', status: 200 });
	});

	it('a rule with an apiKey hits only requests made with that extra key of the project', async () => {
		expect((await t.admin('POST', '/keys', { apiKey: 'case-key-0001' })).data).toEqual({
			project: 'A',
			apiKey: 'case-key-0001',
		});
		expect((await t.admin('POST', '/keys', { apiKey: 'case-key-0001' })).status).toBe(400);
		await rule({ kind: 'null', apiKey: 'case-key-0001', label: 'case 1' });
		expect((await raw('GET', '/ping')).text).toContain('"project_id":1');
		expect((await raw('GET', '/ping', undefined, 'case-key-0001')).text).toBe('null');
		expect((await t.admin('GET', '/answers/log')).data).toEqual([
			expect.objectContaining({ label: 'case 1', path: '/ping' }),
		]);
		expect((await t.admin('GET', '/answers/log?label=case%201')).data).toHaveLength(1);
		expect((await t.admin('GET', '/answers/log?label=case%202')).data).toEqual([]);
		await t.admin('POST', '/reset');
		expect((await raw('GET', '/ping', undefined, 'case-key-0001')).status).toBe(401);
	});

	it('bad rules are refused; reset clears rules and log', async () => {
		expect((await t.admin('POST', '/answers', { kind: 'teapot' })).status).toBe(400);
		expect((await t.admin('POST', '/answers', { kind: 'null', perform: 'no' })).status).toBe(400);
		await rule({ kind: 'null' });
		await raw('GET', '/ping');
		await t.admin('POST', '/reset');
		expect((await t.admin('GET', '/answers')).data).toEqual([]);
		expect((await t.admin('GET', '/answers/log')).data).toEqual([]);
		expect((await raw('GET', '/ping')).text).toContain('pong');
	});
});

describe('every rule fits every route', () => {
	// A route's path with each `:name` filled: the rule acts on whatever the route answers (a record, a list, a
	// refusal of the empty body), and must never turn it into a sandbox error.
	const requests = ROUTES.map((r) => ({
		method: r.method,
		path: r.path.replace(/:[a-z_]+/gi, '1'),
	}));

	// A trickle sends what as-is sends, a byte at a time: as-is stands for it here (a trickled list takes minutes).
	it.each(ANSWER_KINDS.filter((kind) => kind !== 'trickle'))(
		'%s on every route answers as the rule says, never "Internal sandbox error"',
		async (kind) => {
			const broken: string[] = [];
			for (const { method, path } of requests) {
				await rule({ kind, method, path, count: 1, intervalMs: 0 });
				const answer = await raw(method, path, method === 'GET' ? undefined : {});
				const log = (await t.admin('GET', '/answers/log')).data as Array<{ kind: string }>;
				if (answer.status === 500 && answer.text.includes('Internal sandbox error'))
					broken.push(`${method} ${path}: ${answer.text}`);
				else if (log.at(-1)?.kind !== kind)
					broken.push(`${method} ${path}: the rule was not applied`);
			}
			expect(broken).toEqual([]);
		},
	);

	it.each(ANSWER_KINDS)('%s on a route that answers 204 (no body) gives a text answer', (kind) => {
		const rule = { kind, intervalMs: 0 } as AnswerRule;
		const written = misanswer(rule, noContent(), '/things/1');
		expect(typeof written.text).toBe('string');
		expect(written.status).toBeGreaterThanOrEqual(200);
	});
});
