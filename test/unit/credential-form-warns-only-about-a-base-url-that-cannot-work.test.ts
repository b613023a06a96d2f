/**
 * The credential form speaks where it helps. n8n's Test shows a connection that failed before any answer as the bare
 * network code (ECONNREFUSED, ENOTFOUND, ETIMEDOUT): a declarative test has no rule without a status, and a test
 * function would need the request helper n8n's scanner refuses. So the form does not carry a permanent notice about
 * those codes (it showed on every working credential too): a notice appears under the Base URL only while the Base
 * URL cannot work, saying what is wrong before any Test, and the Base URL's description says what each code means.
 * Shown or not is computed with n8n's own display rules (NodeHelpers.displayParameter, as the credential form does).
 * The three credentials with a secret extend this one, so their forms behave the same.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	BASE_URL_NOTICE,
	DeliverabilityApi,
} from '../../credentials/DeliverabilityApi.credentials';
import { formNotices } from './credential-form';

const credential = new DeliverabilityApi();

/** The notices the credential form shows for these values. */
const notices = (data: ICredentialDataDecryptedObject) => formNotices(credential, data);

const withBaseUrl = (baseUrl: string) => ({ apiKey: 'dummy-key', baseUrl, headerForm: 'bearer' });

describe('the credential form warns only about a Base URL that cannot work', () => {
	it.each([
		['https://api.example.com/api/v1'],
		['https://api.example.com/api/v1/'],
		['http://127.0.0.1:4010/api/v1'],
		['  HTTPS://API.EXAMPLE.COM/API/V1  '],
		['https://example.com/deliverability/api/v1?tenant=a'],
	])('a working Base URL, %p: no notice at all', (baseUrl) => {
		expect(notices(withBaseUrl(baseUrl))).toEqual([]);
	});

	it('an empty Base URL: no notice (n8n marks the required field)', () => {
		expect(notices(withBaseUrl(''))).toEqual([]);
		expect(notices({ apiKey: 'dummy-key' })).toEqual([]);
	});

	it.each([
		['https://api.example.com'],
		['https://api.example.com/api'],
		['api.example.com/api/v1'],
		['https://api.example.com/api/v1/accounts'],
		['ftp://api.example.com/api/v1'],
	])('a Base URL that cannot work, %p: the notice says what it must be', (baseUrl) => {
		expect(notices(withBaseUrl(baseUrl))).toEqual([BASE_URL_NOTICE]);
		expect(BASE_URL_NOTICE).toMatch(
			/http:\/\/ or https:\/\/, ending in the version segment \/api\/v1/,
		);
	});

	it.each([
		['ECONNREFUSED', /ECONNREFUSED, nothing answers at its host and port/],
		['ENOTFOUND', /ENOTFOUND: the host name does not exist/],
		['ETIMEDOUT', /ETIMEDOUT: the host did not answer/],
		[
			'ECONNRESET',
			/ECONNRESET: the connection was cut before any answer, often by a proxy or firewall/,
		],
		// With a proxy, a refused connection or an unknown name may be the proxy's; a 403 may be its refusal.
		[
			'ECONNREFUSED at the proxy',
			/ECONNREFUSED and ENOTFOUND may be the proxy's: is the proxy running/,
		],
		['403 from a proxy', /A 403 that says it came from a proxy: the proxy refuses this host/],
		[
			'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
			/UNABLE_TO_VERIFY_LEAF_SIGNATURE .*CA n8n does not know .*NODE_EXTRA_CA_CERTS/,
		],
		['DEPTH_ZERO_SELF_SIGNED_CERT', /DEPTH_ZERO_SELF_SIGNED_CERT, self-signed/],
		['CERT_HAS_EXPIRED', /CERT_HAS_EXPIRED, expired/],
		['ERR_TLS_CERT_ALTNAME_INVALID', /ERR_TLS_CERT_ALTNAME_INVALID, issued for another host name/],
		['EPROTO', /EPROTO: that port speaks plain HTTP/],
	])("the Base URL's description says what %s means", (_code, words) => {
		expect(credential.properties.find((p) => p.name === 'baseUrl')?.description).toMatch(words);
	});
});
