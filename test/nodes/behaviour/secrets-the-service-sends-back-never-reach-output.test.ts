/**
 * Secrets the service sends back never reach any output, for every operation of the built node (so a new one is
 * covered without a line of its own): the sandbox adds secret fields to every object of every answer (a mailbox's
 * passwords, an Outlook client secret and its value, a Google key file and key, an API key; and, nested, secrets
 * under names no list of the service's fields holds: a signing secret, a relay password, a session token, a PEM
 * key) and a field that echoes
 * the run's own credential secrets, and each operation runs as version 1 (Simplify), as version 1.1 with Raw and
 * with Selected Fields naming those fields (where it has Output), and as an AI agent's tool. Not one secret may be in
 * what comes out: items or error. The transport takes them out of every answer (nodes/shared/transport/
 * answerSecrets.ts), so no operation has to remember to.
 *
 * The same runs record the answer fact of every request each operation sends: a request without one, or with one of
 * shape 'any' or 'unchecked', would take a web page's JSON, `{}` or an error object for data, and fails here.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import * as request from '../../../nodes/shared/transport/request';
import { factMistake } from '../../../nodes/shared/transport/facts';
import type { ApiRequest } from '../../../nodes/shared/transport';
import { asTool, runNode, type RunResult } from '../../../support/harness';
import {
	operationsOf,
	parametersFor,
	sampleCredentials,
	sampleIds,
	showsFor,
	type Ids,
} from '../../../support/output-schemas';
import { useSandbox } from '../context';
import { runAction } from '../../support/run-action';

const t = useSandbox({ resetEachTest: false });
const description = new Deliverability().description;

/** Secret fields as a service could send them back (values made up for this test). */
const SEEDED = {
	password: 'seeded-mailbox-password-1',
	imap_server_password: 'seeded-imap-password-2',
	smtp_server_password: 'seeded-smtp-password-3',
	outlook_client_secret: 'seeded-client-secret-id-4',
	outlook_client_secret_value: 'seeded-client-secret-value-5',
	file_key_json: { type: 'service_account', private_key: 'seeded-private-key-6' },
	private_key: 'seeded-private-key-7',
	api_key: 'seeded-api-key-8',
	// Names no list of the service's fields holds, nested: a secret the service might start to echo.
	delivery: {
		webhook_signing_secret: 'seeded-signing-secret-9',
		relay: { smtp_relay_password: 'seeded-relay-password-10', session_token: 'seeded-token-11' },
		keys: [{ gcp_private_key_pem: 'seeded-private-key-12' }],
	},
};
const SEEDED_VALUES = [
	...Object.values(SEEDED).filter((v): v is string => typeof v === 'string'),
	SEEDED.file_key_json.private_key,
	SEEDED.delivery.webhook_signing_secret,
	...Object.values(SEEDED.delivery.relay),
	SEEDED.delivery.keys[0].gcp_private_key_pem,
];

/** The Outlook app credential, for the one case that runs Email Workspace → Create with it. */
const OUTLOOK_APP = {
	clientId: '11111111-2222-3333-4444-555555555555',
	tenantId: '66666666-7777-8888-9999-000000000000',
	clientSecretId: 'dummy-outlook-secret-id-abc',
	clientSecretValue: 'dummy-outlook-secret-value-xyz',
};

/** Every secret text a run's credentials hold (a key file's key too), as the service could echo it. */
function secretsOf(credentials: Record<string, ICredentialDataDecryptedObject>): string[] {
	const out = new Set<string>();
	for (const data of Object.values(credentials))
		for (const [name, value] of Object.entries(data)) {
			if (!/key|secret|password/i.test(name) || typeof value !== 'string') continue;
			out.add(value);
			if (value.trim().startsWith('{'))
				for (const inner of Object.values(JSON.parse(value) as IDataObject))
					if (typeof inner === 'string' && /-----BEGIN/.test(inner)) out.add(inner);
		}
	return [...out].filter((s) => s.length >= 6);
}

interface Case {
	resource: string;
	operation: string;
	label: string;
	parameters?: INodeParameters;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
}

const CASES: Case[] = [
	...operationsOf(description).map(({ resource, operation }) => ({
		resource,
		operation,
		label: `${resource} → ${operation}`,
	})),
	{
		resource: 'emailWorkspace',
		operation: 'create',
		label: 'emailWorkspace → create (outlook)',
		parameters: { name: 'Sales', provider: 'outlook' },
		credentials: { deliverabilityOutlookAppApi: OUTLOOK_APP },
	},
];

/** The requests each case sent, with their answer facts (recorded around the transport's one request function). */
const sent = new Map<string, ApiRequest[]>();
let current = '';
const original = request.apiRequest;

let ids: Ids;
beforeAll(async () => {
	ids = await sampleIds(t.sandbox);
	jest.spyOn(request, 'apiRequest').mockImplementation(async (session, req, gate) => {
		sent.set(current, [...(sent.get(current) ?? []), req]);
		return await original(session, req, gate);
	});
});
afterAll(() => jest.restoreAllMocks());

const fileOf = (resource: string, operation: string) =>
	`nodes/Deliverability/resources/${resource}/${operation}.ts`;

/** What a user, a later node or an AI agent can see of a run. */
function visible(result: RunResult): string {
	return JSON.stringify({
		items: result.items.map((i) => i.json),
		message: result.error?.message,
		description: result.error?.description,
	});
}

describe.each(CASES)('$label', (c) => {
	const { resource, operation } = c;
	const hasOutput = description.properties.some(
		(p) => p.name === 'output' && showsFor(p, resource, operation),
	);
	const variants: Array<{
		name: string;
		typeVersion: number;
		tool?: boolean;
		parameters: INodeParameters;
	}> = [
		{ name: 'version 1 (Simplify where it has it)', typeVersion: 1, parameters: {} },
		{ name: 'version 1.1', typeVersion: 1.1, parameters: hasOutput ? { output: 'raw' } : {} },
		...(hasOutput
			? [
					{
						name: 'Selected Fields naming the secrets',
						typeVersion: 1.1,
						parameters: {
							output: 'fields',
							fields: [...Object.keys(SEEDED), 'echoed', 'id'].join(', '),
						},
					},
				]
			: []),
		{ name: 'tool mode', typeVersion: 1.1, tool: true, parameters: {} },
	];

	it('no secret the service sends back reaches its output, and every request has a strict answer fact', async () => {
		const problems: string[] = [];
		const base = {
			apiKey: t.sandbox.apiKeys.A,
			baseUrl: t.sandbox.baseUrl,
			headerForm: 'bearer',
			maxRequestsPerSecond: 0,
		};
		const credentials = {
			...sampleCredentials(`${resource}.${operation}`, base),
			...Object.fromEntries(
				Object.entries(c.credentials ?? {}).map(([type, data]) => [type, { ...base, ...data }]),
			),
		};
		const echoed = secretsOf(credentials);
		let ran = 0;
		let changed = true;
		for (const variant of variants) {
			if (changed) {
				// A run that changed something (a create, a delete) would change the next one's: start again
				// from the seed.
				await t.admin('POST', '/reset');
				ids = await sampleIds(t.sandbox);
			}
			const parameters = {
				...parametersFor(description, resource, operation, ids),
				...c.parameters,
				...variant.parameters,
			};
			await t.admin('POST', '/answers', {
				kind: 'with-fields',
				fields: { ...SEEDED, echoed: `the service repeats ${echoed.join(' and ')}` },
			});
			current = `${c.label} ${variant.name}`;
			const node = new Deliverability();
			const result = await runNode({
				nodeType: variant.tool ? asTool(node) : node,
				typeVersion: variant.typeVersion,
				parameters,
				credentials,
			});
			await t.admin('DELETE', '/answers');
			changed = (sent.get(current) ?? []).some((req) => req.method !== 'GET');
			if (!result.error) ran++;
			const seen = visible(result);
			const leaked = [...SEEDED_VALUES, ...echoed].filter((secret) => seen.includes(secret));
			if (leaked.length)
				problems.push(
					`${c.label}, ${variant.name}: ${leaked.join(', ')} reached the output\n    → the transport takes secrets out of every answer (nodes/shared/transport/answerSecrets.ts): read the answer through item.request / item.requestAll in ${fileOf(resource, operation)}; a secret under a name that SECRET_FIELD in answerSecrets.ts does not match stays in the answer: widen SECRET_FIELD`,
				);
			for (const req of sent.get(current) ?? []) {
				const fact = req.answer;
				const mistake = fact && factMistake(fact);
				if (!fact || fact.shape === 'any' || fact.shape === 'unchecked' || mistake)
					problems.push(
						`${c.label}: ${req.method} ${req.path} is sent with ${fact ? `an answer fact of shape '${fact.shape}'${mistake ? ` declared wrongly (${mistake})` : ''}` : 'no answer fact'}\n    → declare what its answer must be (shape 'object' with its keys, or 'list'): \`answer\` in ${fileOf(resource, operation)} (CONTRIBUTING → Adding an operation)`,
					);
			}
		}
		// A run that failed proves nothing about its output: at least one must have given items.
		if (ran === 0)
			problems.push(
				`${c.label}: no run succeeded, so its output was never checked: give it sample parameters (SAMPLES in support/output-schemas.ts)`,
			);
		expect([...new Set(problems)]).toEqual([]);
	}, 60_000);
});

it('an error answer that sends secrets back shows none of them, and still gives the reasons of a field named like one', async () => {
	await t.admin('POST', '/reset');
	await t.admin('POST', '/answers', {
		kind: 'with-fields',
		method: 'GET',
		path: '/accounts/:id',
		fields: { ...SEEDED, errors: { password: ['is too short'] } },
	});
	const result = await runAction(
		{
			resource: 'account',
			operation: 'get',
			accountId: { __rl: true, mode: 'id', value: '99999' },
		},
		{ apiKey: t.sandbox.apiKeys.A, baseUrl: t.sandbox.baseUrl },
	);
	await t.admin('DELETE', '/answers');
	expect(result.error?.httpCode).toBe('404');
	const seen = visible(result);
	expect(SEEDED_VALUES.filter((secret) => seen.includes(secret))).toEqual([]);
	expect(seen).toContain('is too short');
});
