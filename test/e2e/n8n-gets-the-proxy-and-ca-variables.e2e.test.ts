/**
 * The n8n that `npm start` (and every suite) starts gets the proxy and CA variables of the shell it was started from,
 * as docs/install.md says (Trying the proxy and the CA with npm start): HTTP_PROXY, HTTPS_PROXY, ALL_PROXY,
 * NO_PROXY (and lowercase) and NODE_EXTRA_CA_CERTS reach its environment unchanged (support/n8n-process.ts). Reads
 * the environment the n8n process would be given, without starting it. An e2e file because it needs the provisioned
 * runtime (the owner's password is hashed with n8n's own bcryptjs), which the e2e set-up guarantees: among the unit
 * tests it skipped itself wherever npm test ran before the runtime was there, CI included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { N8n } from '../../support/n8n-process';

const GIVEN: Record<string, string> = {
	HTTP_PROXY: 'http://proxy.corp.example:3128',
	HTTPS_PROXY: 'http://user:secret@proxy.corp.example:3128',
	ALL_PROXY: 'http://proxy.corp.example:3128',
	NO_PROXY: '127.0.0.1,localhost,.corp.example',
	http_proxy: 'http://proxy.corp.example:3128',
	https_proxy: 'http://proxy.corp.example:3128',
	no_proxy: '127.0.0.1,localhost',
	NODE_EXTRA_CA_CERTS: '/etc/ssl/company/ca.pem',
};

describe('the environment of the n8n it starts', () => {
	it("holds the shell's proxy and CA variables as they were set", () => {
		const saved = Object.fromEntries(Object.keys(GIVEN).map((k) => [k, process.env[k]]));
		Object.assign(process.env, GIVEN);
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-env-'));
		try {
			const env = new N8n({ userFolder: folder, port: 5678 }).env();
			expect(Object.fromEntries(Object.keys(GIVEN).map((k) => [k, env[k]]))).toEqual(GIVEN);
		} finally {
			for (const [k, v] of Object.entries(saved)) {
				if (v === undefined) Reflect.deleteProperty(process.env, k);
				else process.env[k] = v;
			}
			fs.rmSync(folder, { recursive: true, force: true });
		}
	});
});
