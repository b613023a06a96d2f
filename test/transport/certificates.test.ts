/**
 * An HTTPS Base URL whose certificate n8n refuses, through n8n's real engine (WorkflowExecute / HookContext → our
 * nodes → n8n's request helper) against the sandbox served over TLS with a wrong certificate from a CA made for the
 * run (support/tls-ca.ts): the error says which problem it is and how to fix it, never that the service is down;
 * nothing reaches the service and nothing is tried again. (This process trusts no CA of ours, so a certificate from
 * the run CA is "not trusted" here; the certificate for another host name is proven in real n8n, which trusts the
 * CA: test/e2e/https.e2e.test.ts.)
 */

import { DeliverabilityAlertTrigger } from '../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';
import { resetPacers } from '../../nodes/shared/pacer';
import { certificateWording, tlsFailureOf } from '../../nodes/shared/transport/certificates';
import { startSandbox, type Sandbox } from '../../sandbox';
import { triggerHarness } from '../../support/trigger-harness';
import { admin } from '../../support/sandbox-admin';
import { makeRunCa, type RunCa } from '../../support/tls-ca';
import { countConnects } from './connects';
import { runAction } from '../support/run-action';

let ca: RunCa;
const sandboxes: Record<string, Sandbox> = {};

beforeAll(async () => {
	ca = makeRunCa();
	sandboxes.untrusted = await startSandbox({ tls: ca.issue('untrusted') });
	sandboxes.selfSigned = await startSandbox({ tls: ca.selfSigned('self-signed') });
	sandboxes.expired = await startSandbox({ tls: ca.issue('expired', { expired: true }) });
	sandboxes.plain = await startSandbox();
});
afterAll(async () => {
	await Promise.all(Object.values(sandboxes).map((s) => s.close()));
	ca?.remove();
});
beforeEach(() => resetPacers());

/** The Base URL a user would type for this sandbox: https://, whatever the sandbox serves. */
function httpsUrl(sandbox: Sandbox): string {
	return sandbox.baseUrl.replace(/^http:/, 'https:');
}

async function run(
	sandbox: Sandbox,
	parameters: Record<string, unknown>,
	options: { input?: object[]; continueOnFail?: boolean } = {},
) {
	await admin(sandbox, 'DELETE', '/requests');
	const connects = countConnects(Number(new URL(sandbox.baseUrl).port));
	try {
		const result = await runAction(
			parameters,
			{ apiKey: sandbox.apiKeys.A, baseUrl: httpsUrl(sandbox) },
			options,
		);
		const received = await admin<unknown[]>(sandbox, 'GET', '/requests');
		return { ...result, connects: connects.count(), received };
	} finally {
		connects.restore();
	}
}

const GET_ACCOUNT = {
	resource: 'account',
	operation: 'get',
	accountId: { __rl: true, mode: 'id', value: '1' },
};

const host = (sandbox: Sandbox) => new URL(sandbox.baseUrl).host;

it.each([
	[
		'an untrusted',
		'untrusted',
		'is not trusted by this n8n: it comes from a certificate authority n8n does not know',
		/private CA .*NODE_EXTRA_CA_CERTS to the CA certificate's PEM file .*every worker and webhook processor/,
		'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	],
	[
		'a self-signed',
		'selfSigned',
		'is self-signed: no certificate authority vouches for it, so this n8n does not trust it',
		/certificate from a certificate authority .*point NODE_EXTRA_CA_CERTS at the certificate itself/,
		'DEPTH_ZERO_SELF_SIGNED_CERT',
	],
	[
		'an expired',
		'expired',
		'has expired',
		/must renew it\. .*check this machine's clock \(n8n's time now: \d{4}-/,
		'CERT_HAS_EXPIRED',
	],
])(
	'%s certificate: the problem and its fix in words, nothing sent, one connection, no retry',
	async (_label, name, problem, fix, code) => {
		const sandbox = sandboxes[name];
		const result = await run(sandbox, GET_ACCOUNT);
		expect(result.error?.message).toBe(`The certificate of ${host(sandbox)} ${problem}`);
		expect(result.error?.description).toMatch(fix);
		expect(result.error?.description).toContain(
			'Nothing was sent: n8n stopped before the request (and the API key) left it, and did not try again',
		);
		expect(result.error?.description).toContain(`TLS error: ${code}`);
		expect(result.error?.description).not.toMatch(/service is running|broke before|network error/i);
		expect(result.received).toEqual([]);
		expect(result.connects).toBe(1);
	},
);

it('an https:// Base URL at a port that speaks plain HTTP says so, and sends nothing', async () => {
	const sandbox = sandboxes.plain;
	const result = await run(sandbox, GET_ACCOUNT);
	expect(result.error?.message).toBe(
		`${host(sandbox)} does not answer HTTPS: the Base URL starts with https:// but the server there speaks plain HTTP`,
	);
	expect(result.error?.description).toMatch(/Check the Base URL in the credential/);
	expect(result.received).toEqual([]);
	expect(result.connects).toBe(1);
});

it('a create that never left n8n is not reported as "may have been created"', async () => {
	const sandbox = sandboxes.selfSigned;
	const result = await run(sandbox, { resource: 'spamTest', operation: 'create' });
	expect(result.error?.message).toMatch(/^The certificate of .* is self-signed/);
	expect(result.error?.message).not.toMatch(/may have been created/);
	expect(result.connects).toBe(1);
	expect(result.received).toEqual([]);
});

it('under Continue On Fail every item gets the same words, paired with its input', async () => {
	const sandbox = sandboxes.untrusted;
	const input = [{ id: 1 }, { id: 2 }, { id: 3 }];
	const result = await run(
		sandbox,
		{ ...GET_ACCOUNT, accountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
		{ input, continueOnFail: true },
	);
	expect(result.items.map((i) => i.pairedItem)).toEqual(input.map((_, i) => ({ item: i })));
	for (const item of result.items)
		expect(String(item.json.error)).toMatch(/^The certificate of .* is not trusted by this n8n/);
	expect(result.connects).toBe(3);
	expect(result.received).toEqual([]);
});

it("the trigger's registration on publish says the same", async () => {
	const sandbox = sandboxes.expired;
	const h = triggerHarness({
		nodeType: new DeliverabilityAlertTrigger(),
		parameters: { events: ['ACCOUNT_DISCONNECTED'], customEvents: '', options: {} },
		credentials: {
			deliverabilityApi: {
				apiKey: sandbox.apiKeys.A,
				baseUrl: httpsUrl(sandbox),
				headerForm: 'bearer',
			},
		},
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
	});
	await admin(sandbox, 'DELETE', '/requests');
	await expect(h.checkExists()).rejects.toThrow(`The certificate of ${host(sandbox)} has expired`);
	expect(await admin<unknown[]>(sandbox, 'GET', '/requests')).toEqual([]);
});

it("a certificate for another host name in n8n 1.x's shape (the code as httpCode, no cause) is named, with what to set", () => {
	// What n8n 1.123's httpRequestWithAuthentication throws for it (measured there): Node's words and code, not the
	// certificate, so the names it is for cannot be listed.
	const reason =
		"Hostname/IP does not match certificate's altnames: IP: 10.0.0.9 is not in the cert's list: ";
	const failure = tlsFailureOf({
		message: reason,
		httpCode: 'ERR_TLS_CERT_ALTNAME_INVALID',
		cause: undefined,
		errorResponse: undefined,
	});
	expect(failure).toEqual({
		code: 'ERR_TLS_CERT_ALTNAME_INVALID',
		problem: 'wrongHost',
		reason,
		names: [],
	});
	expect(certificateWording(failure!, '10.0.0.9:8443')).toEqual({
		headline: 'The certificate of 10.0.0.9:8443 is for another host name',
		advice:
			"Set the Base URL in the credential to a host name the certificate was issued for (the service's name rather than an IP address or an alias). Or have the certificate issued for 10.0.0.9.",
	});
});
