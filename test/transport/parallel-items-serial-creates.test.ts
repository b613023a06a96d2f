// Items through the router several at a time, through n8n's real engine against a scripted server: output order and
// pairedItem as the input, Continue On Fail unchanged, creates one at a time in input order and never after a
// failure, the credential read once per run, and the pacer shared by concurrent executions.
import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { resetPacers } from '../../nodes/shared/pacer';
import { MAX_IN_FLIGHT } from '../../nodes/shared/pacerPolicy';
import { runNode } from '../../support/harness';
import { useScriptedServer } from './scripted-server';

const KEY = 'dummy-key-concurrency-9e2f';
const { server, baseUrl } = useScriptedServer();

beforeEach(() => resetPacers());

function credential(perSecond = 0): Record<string, unknown> {
	return { apiKey: KEY, baseUrl: baseUrl(), headerForm: 'bearer', maxRequestsPerSecond: perSecond };
}

async function run(
	parameters: Record<string, unknown>,
	input: object[],
	options: { continueOnFail?: boolean; credentials?: Record<string, unknown> } = {},
) {
	return await runNode({
		nodeType: new Deliverability(),
		parameters: parameters as never,
		input: input as never,
		continueOnFail: options.continueOnFail,
		credentials: { deliverabilityApi: (options.credentials ?? credential()) as never },
	});
}

const getAccount = {
	resource: 'account',
	operation: 'get',
	simplify: false,
	accountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
};
const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
const idOf = (url: string) => Number(/\/accounts\/(\d+)/.exec(url)?.[1]);

describe('per-item operations overlap', () => {
	it('30 Mailbox → Get items: several in flight (at most the pacer bound), output in input order with pairedItem', async () => {
		// Later items answer sooner, so any ordering by arrival would show.
		server.reply([], (req) => ({
			status: 200,
			body: { id: idOf(req.url) },
			delayMs: 120 - idOf(req.url) * 3,
		}));
		const result = await run(getAccount, ids(30));
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(ids(30).map((x) => x.id));
		expect(result.items.map((i) => i.pairedItem)).toEqual(ids(30).map((_, i) => ({ item: i })));
		expect(server.maxConcurrent).toBeGreaterThan(1);
		expect(server.maxConcurrent).toBeLessThanOrEqual(MAX_IN_FLIGHT);
	});

	it('Continue On Fail: a failing item becomes its error item in place, the others go on', async () => {
		server.reply([], (req) =>
			idOf(req.url) % 7 === 0
				? { status: 404, body: { message: 'Account not found' }, delayMs: 5 }
				: { status: 200, body: { id: idOf(req.url) }, delayMs: 20 },
		);
		const result = await run(getAccount, ids(20), { continueOnFail: true });
		expect(result.items).toHaveLength(20);
		result.items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			if ((i + 1) % 7 === 0)
				expect(item.json).toMatchObject({ error: 'Account not found [HTTP 404]', httpCode: '404' });
			else expect(item.json).toEqual({ id: i + 1 });
		});
	});

	it('without Continue On Fail the lowest failing item is reported and no item starts after the failure', async () => {
		server.reply([], (req) =>
			idOf(req.url) === 6
				? { status: 404, body: { message: 'Account not found' } }
				: { status: 200, body: { id: idOf(req.url) }, delayMs: 40 },
		);
		const result = await run(getAccount, ids(100));
		expect(result.error?.message).toBe('Account not found [HTTP 404]');
		expect(result.error?.context?.itemIndex).toBe(5);
		// Items already under way finish; the run stops well before the end of the input.
		expect(server.requests.length).toBeLessThan(6 + 2 * MAX_IN_FLIGHT);
	});
});

describe('creates stay one at a time, in input order', () => {
	const createSpamTest = { resource: 'spamTest', operation: 'create' };

	it('10 Spam Test → Create items: never two at once, sent in input order, results in order', async () => {
		let n = 0;
		server.reply([], () => ({
			status: 201,
			body: { public_id: `t${++n}`, seed_emails: [] },
			delayMs: 30,
		}));
		const result = await run(createSpamTest, ids(10));
		expect(result.error).toBeUndefined();
		expect(server.maxConcurrent).toBe(1);
		expect(server.requests).toHaveLength(10);
		expect(result.items.map((i) => i.json.public_id)).toEqual(ids(10).map((x) => `t${x.id}`));
		expect(result.items.map((i) => i.pairedItem)).toEqual(ids(10).map((_, i) => ({ item: i })));
	});

	it('a create that fails stops the run: nothing after it is created', async () => {
		let n = 0;
		server.reply([], () =>
			++n === 4
				? { status: 500, body: { message: 'boom' } }
				: { status: 201, body: { public_id: `t${n}` }, delayMs: 10 },
		);
		const result = await run(createSpamTest, ids(10));
		expect(result.error?.message).toMatch(/^The spam test may have been created/);
		expect(result.error?.context?.itemIndex).toBe(3);
		expect(server.requests).toHaveLength(4);
	});

	it('with Continue On Fail every create is still sent once, in order, and the failure is its item', async () => {
		let n = 0;
		server.reply([], () =>
			++n === 4
				? { status: 500, body: { message: 'boom' } }
				: { status: 201, body: { public_id: `t${n}` } },
		);
		const result = await run(createSpamTest, ids(6), { continueOnFail: true });
		expect(server.requests).toHaveLength(6);
		expect(server.maxConcurrent).toBe(1);
		expect(String(result.items[3].json.error)).toMatch(/^The spam test may have been created/);
		expect(result.items.map((i) => i.json.public_id ?? null)).toEqual([
			't1',
			't2',
			't3',
			null,
			't5',
			't6',
		]);
	});
});

describe('the credential is read once per run', () => {
	it('40 items and their requests decrypt the credential once', async () => {
		let reads = 0;
		const data = credential();
		const counted = Object.defineProperty({ ...data }, 'apiKey', {
			enumerable: true,
			get() {
				reads++;
				return KEY;
			},
		});
		server.reply([], (req) => ({ status: 200, body: { id: idOf(req.url) } }));
		const result = await run(getAccount, ids(40), { credentials: counted });
		expect(result.error).toBeUndefined();
		expect(server.requests).toHaveLength(40);
		// The harness copies the credential on every read (as n8n decrypts it), touching apiKey once per copy.
		expect(reads).toBe(1);
		expect(server.requests.every((r) => r.headers['x-api-key'] === `Bearer ${KEY}`)).toBe(true);
	});
});

describe('one pacer per key and base URL, shared by concurrent executions', () => {
	it('two executions at 10 per second together never start more than 10 requests in any second', async () => {
		server.reply([], (req) => ({ status: 200, body: { id: idOf(req.url) } }));
		await Promise.all([
			run(getAccount, ids(15), { credentials: credential(10) }),
			run(getAccount, ids(15), { credentials: credential(10) }),
		]);
		const times = server.requests.map((r) => r.at).sort((a, b) => a - b);
		expect(times).toHaveLength(30);
		const busiest = Math.max(
			...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length),
		);
		expect(busiest).toBeLessThanOrEqual(10);
	});

	it('a 429 pauses every request of the pacer for its Retry-After, then they all go through', async () => {
		let limited = false;
		server.reply([], (req) => {
			if (!limited && idOf(req.url) === 3) {
				limited = true;
				return { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '1' } };
			}
			return { status: 200, body: { id: idOf(req.url) }, delayMs: 20 };
		});
		const result = await run(getAccount, ids(24));
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(ids(24).map((x) => x.id));
		const refused = server.requests.find((r) => idOf(r.url) === 3)!.at;
		// Requests sent after the 429 came back wait out the second: none in (refused + 100 ms, refused + 900 ms).
		const during = server.requests.filter((r) => r.at > refused + 100 && r.at < refused + 900);
		expect(during).toHaveLength(0);
		expect(server.requests.filter((r) => r.at >= refused + 900).length).toBeGreaterThan(0);
	});
});
