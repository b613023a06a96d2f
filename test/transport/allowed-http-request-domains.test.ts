// n8n's "Allowed HTTP Request Domains" setting of a credential (All / Specific Domains / None), which n8n adds to
// each of the package's four credentials but does not enforce on a programmatic node's requests: the transport
// honours it, through n8n's real engine against the sandbox. Specific Domains lets the key go only to the hosts
// listed (a Base URL elsewhere, or an empty list, is refused before any request, in words that name the setting);
// None keeps working here (n8n's words: it blocks the credential in the HTTP Request and GraphQL nodes).
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { hostAllowed } from '../../nodes/shared/transport/allowedDomains';
import { KEY_FILE, NEW_CUSTOM_MAILBOX } from '../../support/output-schemas';
import { runNode } from '../../support/harness';
import { useSandbox } from '../nodes/context';

const t = useSandbox();

/** One operation of each of the four credentials, with the secret that credential adds to the API key's fields. */
const BY_CREDENTIAL: Array<[string, IDataObject, IDataObject]> = [
	['deliverabilityApi', { resource: 'account', operation: 'getAll', limit: 2 }, {}],
	[
		'deliverabilityMailboxApi',
		{ resource: 'account', operation: 'connectImap', ...NEW_CUSTOM_MAILBOX },
		{ password: 'dummy-mailbox-pass-both' },
	],
	[
		'deliverabilityGoogleWorkspaceKeyApi',
		{ resource: 'emailWorkspace', operation: 'create', name: 'Sales', provider: 'google' },
		{ privateKeyFile: JSON.stringify(KEY_FILE) },
	],
	[
		'deliverabilityOutlookAppApi',
		{ resource: 'emailWorkspace', operation: 'create', name: 'M365', provider: 'outlook' },
		{
			clientId: '11111111-2222-3333-4444-555555555555',
			tenantId: '66666666-7777-8888-9999-000000000000',
			clientSecretId: 'dummy-secret-id-abc',
			clientSecretValue: 'dummy-secret-value-xyz',
		},
	],
];

/** Runs the operation with its credential set to `setting` (the API key's credential too, as a user sets both). */
async function runWith(index: number, setting: IDataObject, baseUrl = t.sandbox.baseUrl) {
	const [type, parameters, secret] = BY_CREDENTIAL[index];
	const apiKey = { apiKey: t.sandbox.apiKeys.A, baseUrl, headerForm: 'bearer', ...setting };
	return await runNode({
		nodeType: new Deliverability(),
		parameters: parameters as never,
		credentials: {
			deliverabilityApi: apiKey as ICredentialDataDecryptedObject,
			[type]: { ...apiKey, ...secret } as ICredentialDataDecryptedObject,
		},
	});
}

const CREDENTIALS = BY_CREDENTIAL.map(([type], index) => [type, index] as const);
const specific = (allowedDomains: string) => ({
	allowedHttpRequestDomains: 'domains',
	allowedDomains,
});

describe.each(CREDENTIALS)('the credential %s', (_type, index) => {
	it.each([
		['All', { allowedHttpRequestDomains: 'all' }],
		['Specific Domains listing the API host', specific('api.example.com, 127.0.0.1')],
		['Specific Domains with a wildcard and the API host', specific('*.example.com,127.0.0.1')],
		[
			'None (blocks the HTTP Request and GraphQL nodes only)',
			{ allowedHttpRequestDomains: 'none' },
		],
		['no setting (a credential saved before n8n had it)', {}],
	])('works with %s', async (_name, setting) => {
		const result = await runWith(index, setting);
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		expect((await t.requests()).length).toBeGreaterThan(0);
	});

	it('refuses a Base URL outside Specific Domains before any request, naming the setting and the host', async () => {
		const result = await runWith(index, specific('api.example.com, *.example.org'));
		expect(result.error?.message).toBe(
			'The credential may not send its API key to 127.0.0.1: it is not in the credential\'s "Allowed Domains" (api.example.com, *.example.org)',
		);
		expect(result.error?.description).toMatch(
			/"Allowed HTTP Request Domains" is Specific Domains.*Correct the Base URL, or, if 127\.0\.0\.1 is the service, add it to Allowed Domains\. Nothing was sent\./,
		);
		expect(await t.requests()).toEqual([]);
	});

	it('refuses Specific Domains with an empty list before any request: the key may go nowhere', async () => {
		const result = await runWith(index, specific('  '));
		expect(result.error?.message).toBe(
			'The credential\'s "Allowed HTTP Request Domains" is Specific Domains, but its "Allowed Domains" is empty',
		);
		expect(result.error?.description).toMatch(
			/Add the service's host \(127\.0\.0\.1\) to Allowed Domains/,
		);
		expect(await t.requests()).toEqual([]);
	});
});

describe('hosts are matched as n8n matches them', () => {
	it.each([
		['api.example.com', 'api.example.com', true],
		['API.Example.com', 'api.example.com', true],
		['api.example.com', 'API.EXAMPLE.COM.', true],
		['api.example.com', ' other.com , api.example.com ', true],
		['api.example.com', '*.example.com', true],
		['a.b.example.com', '*.example.com', true],
		['example.com', '*.example.com', false],
		['evil-example.com', '*.example.com', false],
		['api.example.com.evil.net', 'api.example.com', false],
		['api.example.com', 'example.com', false],
		['api.example.com', '*.', false],
	])('%s against "%s": %s', (host, list, allowed) => {
		expect(hostAllowed(host.toLowerCase().replace(/\.$/, ''), list)).toBe(allowed);
	});
});
