import type { JsonObject, NodeApiError } from 'n8n-workflow';

import { headlineError } from '../headlineError';
import { hostOf, type Where } from './errors';
import { codeOf } from './retries';
import type { ApiContext, ApiRequest } from './types';

/**
 * An HTTPS connection that n8n refused before sending anything: the service's certificate was not
 * accepted (untrusted, self-signed, expired, for another host name) or the server does not speak
 * TLS at all. Each is a setup problem with its own fix, never an outage: nothing of the request
 * (the API key included) left n8n, and trying again changes nothing, so the transport reports it at
 * once, in words that say which problem it is and how to fix it.
 */

/** What is wrong, as the user must fix it. */
export type CertificateProblem =
	| 'untrusted'
	| 'selfSigned'
	| 'expired'
	| 'notYetValid'
	| 'wrongHost'
	| 'notHttps'
	| 'refused';

/**
 * Node's codes of a refused certificate (OpenSSL's verify results, and Node's own for the host
 * name), by problem. Any other code here is a certificate n8n refused for a rarer reason.
 */
const PROBLEMS: Record<string, CertificateProblem> = {
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
	UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
	UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
	SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
	CERT_UNTRUSTED: 'untrusted',
	DEPTH_ZERO_SELF_SIGNED_CERT: 'selfSigned',
	CERT_HAS_EXPIRED: 'expired',
	CERT_NOT_YET_VALID: 'notYetValid',
	ERR_TLS_CERT_ALTNAME_INVALID: 'wrongHost',
	HOSTNAME_MISMATCH: 'wrongHost',
	CERT_REVOKED: 'refused',
	CERT_REJECTED: 'refused',
	CERT_SIGNATURE_FAILURE: 'refused',
	INVALID_CA: 'refused',
	INVALID_PURPOSE: 'refused',
	PATH_LENGTH_EXCEEDED: 'refused',
	UNABLE_TO_DECRYPT_CERT_SIGNATURE: 'refused',
	UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY: 'refused',
	ERR_TLS_CERT_SIGNATURE_ALGORITHM_UNSUPPORTED: 'refused',
};

/** The TLS failure of a request, found through wrapped causes: its code and Node's words. */
export interface TlsFailure {
	code: string;
	problem: CertificateProblem;
	/** Node's words: "Host: localhost. is not in the cert's altnames: IP Address:127.0.0.1". */
	reason: string;
	/** The names the certificate is for (its subjectAltName), when Node passed it on. */
	names: string[];
}

/** "DNS:api.example.com, IP Address:10.0.0.1" → ["api.example.com", "10.0.0.1"]. */
function namesOf(cert: unknown): string[] {
	const alt = (cert as { subjectaltname?: unknown } | undefined)?.subjectaltname;
	if (typeof alt !== 'string') return [];
	return alt
		.split(',')
		.map((entry) => entry.trim().replace(/^(DNS|IP Address):/i, ''))
		.filter((name) => name !== '');
}

/**
 * The TLS failure behind a failed request, if that is what it was. EPROTO is the TLS layer failing
 * before any certificate: "wrong version number" is a server that answered in plain HTTP.
 */
export function tlsFailureOf(error: unknown): TlsFailure | undefined {
	const chain: Array<{ code?: unknown; message?: unknown; cert?: unknown }> = [];
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		chain.push(current as (typeof chain)[number]);
		// n8n-workflow keeps a wrapped error as `cause`, or `errorResponse` when not an Error.
		const next = current as { cause?: unknown; errorResponse?: unknown };
		current = next.cause ?? next.errorResponse;
	}
	// The certificate rides on Node's own error, below the wrappers that copy its code.
	const names = namesOf(chain.find((link) => link.cert)?.cert);
	for (const link of chain) {
		const code = codeOf(link);
		const { message } = link;
		if (typeof code !== 'string') continue;
		const reason = typeof message === 'string' ? message : '';
		const problem = PROBLEMS[code];
		if (problem) return { code, problem, reason, names };
		const plain = /wrong version number|packet length too long|http request/i.test(reason);
		if ((code === 'EPROTO' || code.startsWith('ERR_SSL_')) && plain)
			return { code, problem: 'notHttps', reason, names: [] };
	}
	return undefined;
}

/** Where each n8n process reads extra trusted CAs (n8n's documentation: NODE_EXTRA_CA_CERTS). */
const TRUST_THE_CA =
	"set NODE_EXTRA_CA_CERTS to the CA certificate's PEM file in the environment of every n8n process (main, and in queue mode every worker and webhook processor) and restart them";

/** The headline and the fix of a certificate problem at `host` ("api.example.com:443"). */
export function certificateWording(
	failure: TlsFailure,
	host: string,
	now = new Date(),
): { headline: string; advice: string } {
	const clock = `If the certificate looks valid elsewhere, check this machine's clock (n8n's time now: ${now.toISOString()}).`;
	switch (failure.problem) {
		case 'untrusted':
			return {
				headline: `The certificate of ${host} is not trusted by this n8n: it comes from a certificate authority n8n does not know`,
				advice: `If the service uses a private CA (your organisation's own), give n8n that CA: ${TRUST_THE_CA}. If it should be a public certificate, the server may be leaving out its intermediate certificate: tell whoever runs it.`,
			};
		case 'selfSigned':
			return {
				headline: `The certificate of ${host} is self-signed: no certificate authority vouches for it, so this n8n does not trust it`,
				advice: `Give the service a certificate from a certificate authority (a private CA is fine: then ${TRUST_THE_CA}). To trust this one certificate instead, point NODE_EXTRA_CA_CERTS at the certificate itself.`,
			};
		case 'expired':
			return {
				headline: `The certificate of ${host} has expired`,
				advice: `Whoever runs the service must renew it. ${clock}`,
			};
		case 'notYetValid':
			return {
				headline: `The certificate of ${host} is not valid yet`,
				advice: `Its validity starts later than this machine's time. ${clock}`,
			};
		case 'wrongHost': {
			const issuedFor = failure.names.length
				? `: it is for ${failure.names.join(', ')}`
				: " (the service's name rather than an IP address or an alias)";
			return {
				headline: `The certificate of ${host} is for another host name`,
				advice: `Set the Base URL in the credential to a host name the certificate was issued for${issuedFor}. Or have the certificate issued for ${host.replace(/:\d+$/, '')}.`,
			};
		}
		case 'notHttps':
			return {
				headline: `${host} does not answer HTTPS: the Base URL starts with https:// but the server there speaks plain HTTP`,
				advice:
					"Check the Base URL in the credential: the service's HTTPS address, with its HTTPS port (or none, for 443).",
			};
		default:
			return {
				headline: `The certificate of ${host} was refused (${failure.code})`,
				advice: 'Whoever runs the service must give it a valid certificate for this host name.',
			};
	}
}

/**
 * The error of an HTTPS connection refused before the request was sent: which problem, how to fix
 * it, and that nothing was sent or tried again.
 */
export function certificateError(
	ctx: ApiContext,
	request: ApiRequest,
	where: Where,
	failure: TlsFailure,
): NodeApiError {
	const { headline, advice } = certificateWording(failure, hostOf(where.baseUrl));
	const reason = failure.reason ? ` (${failure.reason})` : '';
	return headlineError(ctx.getNode(), headline, {
		response: { message: headline, networkCode: failure.code } as JsonObject,
		description: `${advice} Nothing was sent: n8n stopped before the request (and the API key) left it, and did not try again, since only a change of the certificate or of what n8n trusts helps. TLS error: ${failure.code}${reason}. (${request.method} ${request.path})`,
		itemIndex: request.itemIndex,
	});
}
