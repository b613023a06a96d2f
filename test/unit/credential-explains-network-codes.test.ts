/**
 * n8n's credential test shows a bare network code (ECONNREFUSED, ENOTFOUND) when nothing answers at the Base URL: a
 * declarative test has no rule without a status. The credential's own screen prepares the user: a notice right below
 * the Base URL says what each code means and what to check.
 */
import {
	DeliverabilityApi,
	NETWORK_CODES_NOTICE,
} from '../../credentials/DeliverabilityApi.credentials';

const { properties } = new DeliverabilityApi();
const names = properties.map((p) => p.name);

describe('the API credential explains the network codes its test may show', () => {
	it('a notice stands right below the Base URL, always shown', () => {
		const notice = properties[names.indexOf('baseUrl') + 1];
		expect(notice).toMatchObject({ type: 'notice', displayName: NETWORK_CODES_NOTICE });
		expect(notice.displayOptions).toBeUndefined();
	});

	it.each([
		['ECONNREFUSED', /ECONNREFUSED, nothing answers at the host and port of the Base URL/],
		['ENOTFOUND', /ENOTFOUND: the host name does not exist/],
		['ETIMEDOUT', /ETIMEDOUT: the host did not answer/],
	])('it names %s and what to check', (_code, words) => {
		expect(NETWORK_CODES_NOTICE).toMatch(words);
	});

	it('the Base URL says where it must be reachable from', () => {
		expect(properties.find((p) => p.name === 'baseUrl')?.description).toMatch(
			/ending in \/api\/v1 .*reachable from the n8n server/,
		);
	});
});
