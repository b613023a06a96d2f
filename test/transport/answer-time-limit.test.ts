/**
 * A total time limit per answer (the credential's Timeout), not only an idle one: a body that trickles in byte by
 * byte ends at the limit. A read that ran out is asked again; a create is not, and says it may have been made.
 *
 * No bound here depends on how busy the machine is: an answer that trickles 400 ms a byte cannot complete within 1 s
 * however fast the machine, and the answer that must complete trickles a few hundred bytes against the longest limit
 * the credential allows (10 min), which only a stopped machine could reach.
 */
import { byId, useSandbox } from '../nodes/context';

const t = useSandbox();

interface Rule {
	kind: string;
	method?: string;
	path?: string;
	intervalMs?: number;
	count?: number;
}

async function answer(rule: Rule): Promise<void> {
	await t.admin('POST', '/answers', rule);
}

function withTimeout(seconds: number) {
	return {
		credentials: {
			deliverabilityApi: {
				apiKey: t.sandbox.apiKeys.A,
				baseUrl: t.sandbox.baseUrl,
				headerForm: 'bearer',
				timeout: seconds,
			},
		},
	};
}

it('a read whose answer trickles past the limit is asked again, and ends with the limit in words', async () => {
	await answer({ kind: 'trickle', method: 'GET', path: '/accounts/:id', intervalMs: 400 });
	const result = await t.run(
		{ resource: 'account', operation: 'get', accountId: byId(1) },
		withTimeout(1),
	);
	expect(result.error?.message).toBe(
		`The service at ${t.sandbox.baseUrl} did not send a complete answer within 1 s (timed out)`,
	);
	expect(result.error?.description).toMatch(/raise "Timeout \(Seconds\)" in the credential/);
	const reads = (await t.requests()).filter((r) => r.path === '/accounts/1');
	expect(reads).toHaveLength(5);
}, 120_000);

it('a create whose answer trickles past the limit is sent once, and says the test may have been created', async () => {
	await answer({ kind: 'trickle', method: 'POST', path: '/spam_tests', intervalMs: 400 });
	const result = await t.run({ resource: 'spamTest', operation: 'create' }, withTimeout(1));
	expect(result.error?.message).toBe(
		'The spam test may have been created (and a credit spent): no complete answer came within 1 s. Check Spam Test → Get Many before running this again',
	);
	expect(
		(await t.requests()).filter((r) => r.method === 'POST' && r.path === '/spam_tests'),
	).toHaveLength(1);
}, 120_000);

it('a slow answer that completes within the limit is read whole', async () => {
	await answer({ kind: 'trickle', method: 'GET', path: '/ping', intervalMs: 1 });
	await answer({ kind: 'trickle', method: 'GET', path: '/accounts/:id', intervalMs: 1, count: 1 });
	const result = await t.run(
		{ resource: 'account', operation: 'get', accountId: byId(2), simplify: false },
		withTimeout(600),
	);
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({
		id: 2,
		email: 'jane.smith-news@northwind-sales.io',
	});
}, 660_000);
