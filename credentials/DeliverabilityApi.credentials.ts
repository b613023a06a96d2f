import type {
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/**
 * A Base URL the node can use, as its transport checks it before sending (http or https, a host,
 * ending in /api/v1, a trailing slash, a query and surrounding spaces allowed), for the editor's
 * display conditions: a plain regular expression, without flags, so the letters of the scheme and
 * of /api/v1 match in either case one by one.
 */
export const USABLE_BASE_URL =
	'^\\s*[Hh][Tt][Tt][Pp][Ss]?://[^/\\s]+(/\\S*)?/[Aa][Pp][Ii]/[Vv]1/?([?#]\\S*)?\\s*$';

/**
 * Shown under the Base URL while it cannot work: the words a request would answer with, before any
 * Test.
 */
export const BASE_URL_NOTICE =
	'This Base URL cannot work: it must be the service address with http:// or https://, ending in the version segment /api/v1, e.g. https://api.example.com/api/v1 (a trailing slash is fine).';

/** Rules on the status of the test call's answer. */
const STATUS_RULES: IAuthenticateRuleResponseCode[] = [
	{
		type: 'responseCode',
		properties: {
			value: 401,
			message:
				'The service refused the API key (HTTP 401). Check the key (copy it again from your project settings), then try the other Header Form.',
		},
	},
	{
		type: 'responseCode',
		properties: {
			value: 403,
			message:
				'Access refused (HTTP 403). From the service: it knows the key but refuses it access; use a key of the project you mean. From a proxy between n8n and the service (n8n set up with HTTP_PROXY or HTTPS_PROXY): it does not let n8n reach this host; ask its admin, or add the host to NO_PROXY.',
		},
	},
	{
		type: 'responseCode',
		properties: {
			value: 407,
			message:
				"The proxy between n8n and the service asks for a login (HTTP 407): the test did not reach the service. Put the proxy's user and password into HTTP_PROXY / HTTPS_PROXY of every n8n process: http://user:password@proxy-host:port.",
		},
	},
	{
		type: 'responseCode',
		properties: {
			value: 404,
			message:
				'Nothing answers at the Base URL + /ping (HTTP 404). The Base URL must be the service address ending in the version segment /api/v1, e.g. https://api.example.com/api/v1.',
		},
	},
	{
		type: 'responseCode',
		properties: {
			value: 429,
			message:
				'The service is rate-limiting this key right now (HTTP 429). Test again in a minute.',
		},
	},
	...[500, 502, 503, 504].map((value) => ({
		type: 'responseCode' as const,
		properties: {
			value,
			message: `The service is having trouble (HTTP ${value}), so the key could not be checked. Test again later.`,
		},
	})),
];

/** Rules on the body of a 2xx answer: a web page or an empty page is not the API. */
const BODY_RULES: IAuthenticateRuleResponseSuccessBody[] = [
	{
		type: 'responseSuccessBody',
		properties: {
			key: '0',
			value: '<',
			message:
				'The Base URL answers with a web page, not the API. It must be the service address ending in the version segment /api/v1, e.g. https://api.example.com/api/v1.',
		},
	},
	{
		type: 'responseSuccessBody',
		properties: {
			key: 'length',
			value: 0,
			message:
				'The Base URL answers with an empty page, not the API. It must be the service address ending in the version segment /api/v1, e.g. https://api.example.com/api/v1.',
		},
	},
];

/**
 * How a request carries the key, for this credential and the three that extend it. The service
 * reads `X-Api-Key`; its docs show the value both as `Bearer <key>` (general rule, our default) and
 * as the raw key, so the form is a choice. A key pasted with a `Bearer ` prefix already is stripped
 * first, so it never ends up as `Bearer Bearer …`. n8n's `extends` gives a credential its parent's
 * fields only, so each one names this itself.
 */
export function apiKeyAuthentication(): IAuthenticateGeneric {
	return {
		type: 'generic',
		properties: {
			headers: {
				'X-Api-Key':
					'={{ ($credentials.headerForm === "raw" ? "" : "Bearer ") + String($credentials.apiKey).trim().replace(/^bearer\\s+/i, "") }}',
			},
		},
	};
}

/**
 * The credential test of this credential and of the three that extend it: the key and Base URL
 * against /ping.
 */
export function apiKeyTest(): ICredentialTestRequest {
	return {
		request: {
			// A cheap authenticated call that answers an object whatever the project holds (a list could
			// be empty, and n8n's body rules read the first item of a list). The whole URL, without a
			// baseURL: n8n 2.x then holds the test to the credential's Allowed HTTP Request Domains as
			// the node holds its requests (transport/allowedDomains.ts); given a baseURL, n8n counts the
			// Base URL's host as allowed whatever the list says.
			url: '={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "") }}/ping',
			method: 'GET',
		},
		// n8n shows the message of the first rule that matches. Status rules: the key, the project, the
		// Base URL. Body rules (n8n compares one path of the parsed answer with a value): a web page
		// arrives as text, whose character 0 is "<", so a Base URL that reaches the web app instead of
		// the API fails here, before any workflow runs. A refused connection or an unknown host never
		// has a status: n8n then shows the bare network or certificate code (ECONNREFUSED, ENOTFOUND,
		// CERT_HAS_EXPIRED, …), which the Base URL's description and README → Troubleshooting
		// explain; declarative tests offer nothing else, and a testedBy function could
		// only use the deprecated request helper that n8n's community-package scan rejects. The first
		// request of a workflow says it in words ("cannot be reached"). n8n types `rules` as all-status
		// or all-body, but its tester reads each rule by its own type (checked in 1.123.0 and 2.41.1),
		// so both kinds live in one list.
		rules: [...STATUS_RULES, ...BODY_RULES] as unknown as IAuthenticateRuleResponseCode[],
	};
}

/**
 * The API key: what the two triggers and every operation of the action node use, except the three
 * that also send a secret, which use a credential extending this one (the same fields, plus the
 * secret).
 */
export class DeliverabilityApi implements ICredentialType {
	name = 'deliverabilityApi';

	displayName = 'Deliverability API';

	icon: Icon = {
		light: 'file:../icons/deliverability.svg',
		dark: 'file:../icons/deliverability.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-deliverability/n8n-nodes-deliverability#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'The API key from your project settings. A key pasted with a "Bearer " prefix works too.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com/api/v1',
			// n8n's Test shows a connection that failed before any answer as the bare network code (a
			// declarative test has no rule without a status, and a test function would need the request
			// helper n8n's scanner refuses): what each code means is here, where the user looks after
			// such a Test.
			description:
				"The service address, ending in /api/v1 (a trailing slash is fine), reachable from the n8n server. If Test shows ECONNREFUSED, nothing answers at its host and port: is the service running, is the port right? ENOTFOUND: the host name does not exist (a typo?). ETIMEDOUT: the host did not answer (firewall, VPN or proxy). ECONNRESET: the connection was cut before any answer, often by a proxy or firewall that drops connections to hosts it does not allow. With a proxy set for n8n (HTTP_PROXY or HTTPS_PROXY), ECONNREFUSED and ENOTFOUND may be the proxy's: is the proxy running at the address set there? A 403 that says it came from a proxy: the proxy refuses this host (ask its admin, or add the host to NO_PROXY). For https://, a certificate code means this n8n refuses the service's certificate: UNABLE_TO_VERIFY_LEAF_SIGNATURE or SELF_SIGNED_CERT_IN_CHAIN, issued by a CA n8n does not know (a private CA: give every n8n process its certificate with NODE_EXTRA_CA_CERTS); DEPTH_ZERO_SELF_SIGNED_CERT, self-signed; CERT_HAS_EXPIRED, expired (it must be renewed); ERR_TLS_CERT_ALTNAME_INVALID, issued for another host name (use that name). EPROTO: that port speaks plain HTTP, not HTTPS.",
		},
		{
			// Only while the Base URL cannot work (filled in, and not of the form the node accepts):
			// n8n's Test would answer it with a 404 or a bare network code, so the form says it in words
			// first. A working credential shows no notice; what the network codes mean is in the Base
			// URL's description.
			displayName: BASE_URL_NOTICE,
			name: 'baseUrlNotice',
			type: 'notice',
			default: '',
			displayOptions: {
				show: { baseUrl: [{ _cnd: { exists: true } }] },
				hide: { baseUrl: [{ _cnd: { regex: USABLE_BASE_URL } }] },
			},
		},
		{
			displayName: 'Header Form',
			name: 'headerForm',
			type: 'options',
			options: [
				{
					name: 'Bearer Prefix (X-Api-Key: Bearer <Key>)',
					value: 'bearer',
					description: "The service's general rule",
				},
				{
					name: 'Raw Key (X-Api-Key: <Key>)',
					value: 'raw',
					description: 'As in the per-operation samples of the API reference',
				},
			],
			default: 'bearer',
			description: 'How the key is written in the X-Api-Key header',
		},
		{
			displayName: 'Max Requests per Second',
			name: 'maxRequestsPerSecond',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 20,
			description:
				'Most requests per second this n8n process sends with this key, all workflows together (the service asks for about 20). 0 means no limit. In queue mode each worker counts on its own: divide by the number of workers.',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 600 },
			default: 60,
			description:
				'Longest wait for one whole answer, from sending the request to its last byte (an answer that trickles in counts in full). Reads and updates that run out are tried again; a create is not, and its error says it may have been made.',
		},
	];

	authenticate = apiKeyAuthentication();

	test = apiKeyTest();
}
