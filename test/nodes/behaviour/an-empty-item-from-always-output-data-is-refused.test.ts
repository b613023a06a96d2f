/**
 * The empty item ({}) n8n hands on when the node before output nothing and has Always Output Data on (on n8n 2.x also on
 * "Completed" when every item went to "Not Yet"): an operation that reads its id from that item by expression refuses
 * it before any request, saying the item is empty and naming Always Output Data, so a pause, a delete or a send after
 * such a branch never acts on nothing. An item that has fields, or an id typed in the field, keeps its usual behaviour.
 */
import { byId, jsonOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 3 });

const pauseFromItem = {
	resource: 'account',
	operation: 'pause',
	accountId: byId('={{ $json.id }}'),
};

describe('an empty input item, as Always Output Data hands it on', () => {
	it('an id read from an empty item is refused as such, naming Always Output Data, nothing sent', async () => {
		const result = await t.run(pauseFromItem, { input: [{}] });
		expect(result.error!.message).toBe(
			'Invalid "Mailbox": expected a whole number, but its expression gave nothing (undefined) from an empty input item',
		);
		expect(result.error!.description).toMatch(
			/^The input item is empty \(\{\}\)\. n8n passes on such an item when the node before output nothing on this branch and has Always Output Data on .*Completed when every item went to Not Yet.* Nothing was sent to the service\.$/,
		);
		expect(await t.requests()).toHaveLength(0);
	});

	it('a text id (a spam test public_id) from an empty item is refused the same way', async () => {
		const result = await t.run(
			{ resource: 'spamTest', operation: 'get', publicId: byId('={{ $json.public_id }}') },
			{ input: [{}] },
		);
		expect(result.error!.message).toMatch(/from an empty input item$/);
		expect(result.error!.description).toMatch(/Always Output Data/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('with Continue On Fail the empty item becomes an error item paired with it, the others run', async () => {
		const result = await t.run(pauseFromItem, { input: [{ id: 2 }, {}], continueOnFail: true });
		expect(jsonOf(result)[0]).toMatchObject({ id: 2, alive: false });
		expect(jsonOf(result)[1].error).toMatch(/from an empty input item$/);
		expect(jsonOf(result)[1].description).toMatch(/Always Output Data/);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(await t.calls()).toEqual(['POST /accounts/2']);
	});

	it('an item with fields but without the id keeps the usual fix (it names no Always Output Data)', async () => {
		const result = await t.run(pauseFromItem, { input: [{ account: 2 }] });
		expect(result.error!.message).toBe(
			'Invalid "Mailbox": expected a whole number, but its expression gave nothing (undefined)',
		);
		expect(result.error!.description).not.toMatch(/Always Output Data/);
	});

	it('an id typed in the field runs on an empty item (as after a Manual Trigger)', async () => {
		const result = await t.run(
			{ resource: 'account', operation: 'pause', accountId: byId(2) },
			{ input: [{}] },
		);
		expect(result.error).toBeUndefined();
		expect(await t.calls()).toEqual(['POST /accounts/2']);
	});
});
