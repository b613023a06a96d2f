/**
 * Automated Test → Create through n8n's real engine against the sandbox: an inactive test for the account (id
 * from the picker's modes or an expression), the service's 403 and 422, bad ids refused before any request.
 */
import { byId, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox();

const automatedTest = parametersOf('automatedTest');

/** Automated Test → Create for the mailbox with this id (as typed in the picker's ID mode). */
const create = (accountId: number | string) =>
	automatedTest('create', { accountId: byId(accountId) });

describe('automatedTest create', () => {
	it('version 1.1 answers the new test and what to do next, in words; Raw gives the test', async () => {
		const words = await t.run(create(2), { typeVersion: 1.1 });
		expect(words.error).toBeUndefined();
		const [said] = jsonOf(words);
		expect(said).toMatchObject({ active: false, account_ids: [2], outcome: 'created' });
		expect(said.message).toMatch(
			new RegExp(
				`^Automated test ${String(said.id)} created, inactive \\(not scheduled\\).*: set its schedule and activation with Update, its weekdays with Set Run Days$`,
			),
		);
		expect(said).not.toHaveProperty('content_html');
		const raw = await t.run(
			{ ...create(2), output: 'raw' },
			{
				typeVersion: 1.1,
			},
		);
		expect(jsonOf(raw)[0]).toHaveProperty('content_html');
	});

	it('creates an inactive test for the account', async () => {
		const result = await t.run(create(1));
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			active: false,
			account_ids: [1],
			repeat_period: 'WEEK',
			repeat_period_delay: 1,
		});
		expect(typeof out.id).toBe('number');
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(await t.onlyRequest()).toMatchObject({
			method: 'POST',
			path: '/automated_tests',
			body: { account_id: 1 },
			status: 201,
		});
	});

	it('takes the account id from the list mode and from an expression', async () => {
		const fromList = await t.run(
			automatedTest('create', { accountId: { __rl: true, mode: 'list', value: '2' } }),
		);
		expect(jsonOf(fromList)[0].account_ids).toEqual([2]);
		const fromExpression = await t.run(create('={{ $json.account }}'), { input: [{ account: 3 }] });
		expect(jsonOf(fromExpression)[0].account_ids).toEqual([3]);
		expect((await t.requests()).map((r) => r.body)).toEqual([{ account_id: 2 }, { account_id: 3 }]);
	});

	it("surfaces 403 for another project's account and 422 for a disconnected one (IMAP issue)", async () => {
		const other = await t.run(create(100001));
		expect(other.error?.httpCode).toBe('403');
		const disconnected = await t.run(create(13));
		expect(disconnected.error?.httpCode).toBe('422');
		// Creates are not retried on 4xx.
		expect((await t.requests()).map((r) => r.status)).toEqual([403, 422]);
	});

	it.each([['abc'], ['0'], ['-4'], ['1.5'], [''], ['2147483648']])(
		'refuses account id %p from an expression before any request',
		async (id) => {
			const result = await t.run(create('={{ $json.id }}'), { input: [{ id }] });
			expect(result.error?.message).toMatch(/"Mailbox"/);
			expect(await t.requests()).toHaveLength(0);
		},
	);
});
