/**
 * Mailbox → Update through n8n's real engine against the sandbox: exactly the fields added, under their API names,
 * values from expressions, an alias from Get Aliases, every range refused before any request, the service's 422.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, expectValidationError, jsonOf, parametersOf, useSandbox } from '../context';

const t = useSandbox({ accounts: 10 });

const account = parametersOf('account');

describe('account update', () => {
	it('sends exactly the fields added, under their API names, and returns the updated account', async () => {
		const updateFields = {
			config_max_conversation_running: 35,
			config_rampup_increase: 0,
			config_rampup_target: 3,
			config_smtp_append_after_sent: true,
			autopilot: false,
			desc: 'EU sales mailbox',
			first_name: 'Johnny',
			last_name: 'Doe-Smith',
			signature: '<p>Johnny</p>',
			time_zone: 'Asia/Tokyo',
			imap_issue: true,
			alive: false,
		};
		const result = await t.run(account('update', { accountId: byId(1), updateFields }));
		expect(result.error).toBeUndefined();
		const [a] = jsonOf(result);
		expect(a).toEqual(expect.objectContaining(updateFields));
		expect(a.domain).toBeDefined();
		const [request] = await t.requests();
		expect(request.method).toBe('POST');
		expect(request.path).toMatch(/\/accounts\/1$/);
		expect(request.body).toEqual(updateFields);
		const { data } = await t.api<IDataObject>('GET', '/accounts/1');
		expect(data).toEqual(expect.objectContaining(updateFields));
	});

	it('version 1.1 answers which settings changed, in words, with the account; Raw gives the whole account', async () => {
		const updateFields = { first_name: 'Ann', signature: '<p>Ann</p>' };
		const result = await t.run(account('update', { accountId: byId(3), updateFields }), {
			typeVersion: 1.1,
		});
		expect(result.error).toBeUndefined();
		const [said] = jsonOf(result);
		const email = (await t.api<IDataObject>('GET', '/accounts/3')).data.email as string;
		expect(said).toMatchObject({
			id: 3,
			email,
			first_name: 'Ann',
			updated: ['first_name', 'signature'],
			outcome: 'updated',
			message: `Mailbox ${email} (ID 3) updated: first_name, signature`,
		});
		expect(said).not.toHaveProperty('signature');
		const raw = await t.run(
			account('update', { accountId: byId(3), updateFields, output: 'raw' }),
			{ typeVersion: 1.1 },
		);
		expect(jsonOf(raw)[0]).toMatchObject({ id: 3, signature: '<p>Ann</p>' });
		expect(jsonOf(raw)[0]).not.toHaveProperty('outcome');
	});

	it('accepts values from expressions (numeric text, boolean text)', async () => {
		const result = await t.run(
			account('update', {
				accountId: byId('={{ 2 }}'),
				updateFields: { config_rampup_target: '={{ "12" }}', autopilot: '={{ "true" }}' },
			}),
		);
		expect(result.error).toBeUndefined();
		const [request] = await t.requests();
		expect(request.body).toEqual({ config_rampup_target: 12, autopilot: true });
	});

	it('switches to an alias listed by Get Aliases (the email becomes the alias)', async () => {
		const aliases = jsonOf(await t.run(account('getAliases', { accountId: byId(1) })));
		const alias = aliases[0].email as string;
		const result = await t.run(account('update', { accountId: byId(1), updateFields: { alias } }));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].email).toBe(alias);
	});

	it.each([
		[
			'config_max_conversation_running',
			36,
			/"Update Fields → Max Conversations Running".*above the maximum 35/,
		],
		[
			'config_max_conversation_running',
			-1,
			/"Update Fields → Max Conversations Running".*below the minimum 0/,
		],
		['config_rampup_increase', 6, /"Update Fields → Ramp-Up Increase".*0 to 5/],
		['config_rampup_target', 2, /"Update Fields → Ramp-Up Target".*3 to 35/],
		['config_rampup_target', 36, /"Update Fields → Ramp-Up Target".*3 to 35/],
		['config_rampup_target', '={{ 7.5 }}', /"Update Fields → Ramp-Up Target".*whole number/],
		['time_zone', 'Mars/Olympus_Mons', /"Update Fields → Time Zone".*IANA/],
		['time_zone', '={{ "CEST" }}', /"Update Fields → Time Zone".*IANA/],
		['alias', '={{ 42 }}', /"Update Fields → Alias"/],
		['alias', '', /"Update Fields → Alias"/],
		['alive', '={{ "maybe" }}', /"Update Fields → Active \(Alive\)".*true or false/],
		['desc', '={{ 12 }}', /"Update Fields → Description".*text/],
	])('rejects %s = %p before any request', async (field, value, pattern) => {
		const result = await t.run(
			account('update', { accountId: byId(1), updateFields: { [field]: value } }),
		);
		expectValidationError(result, pattern);
		expect((result.error as unknown as { context: IDataObject }).context.itemIndex).toBe(0);
		expect(await t.requests()).toHaveLength(0);
	});

	it('refuses an empty update and says how to pause or resume', async () => {
		const result = await t.run(account('update', { accountId: byId(1), updateFields: {} }));
		expectValidationError(result, /Update Fields.*add at least one field to change/);
		expect(result.error!.description).toMatch(/Pause and Resume/);
		expect(await t.requests()).toHaveLength(0);
	});

	it('reports the service refusal of an alias that is not listed (422) with its details', async () => {
		const result = await t.run(
			account('update', { accountId: byId(2), updateFields: { alias: 'nobody@example.com' } }),
		);
		expect(result.error).toBeDefined();
		expect(result.error!.name).toBe('NodeApiError');
		expect(result.error!.httpCode).toBe('422');
		expect(result.error!.description).toMatch(/alias/);
	});
});
