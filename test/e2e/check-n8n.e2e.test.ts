/**
 * `npm run check:n8n` against an n8n started apart from it, as a user's own instance is: a real n8n with the package
 * installed from the tarball and nothing else (no credentials, no workflows), reached only by its URL and a public API
 * key. The command is run as a user runs it; every check passes and the table names each one.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadExamples } from '../../support/examples';
import type { CheckRow } from '../../support/n8n-checks';
import { N8n } from '../../support/n8n-process';
import { installPackage } from '../../support/package';
import { versions } from '../../support/runtime';

const root = path.resolve(__dirname, '..', '..');
let n8n: N8n;
let folder: string;

beforeAll(async () => {
	const tgz = process.env.E2E_PACKAGE_TGZ;
	if (!tgz) throw new Error('E2E_PACKAGE_TGZ not set: run the suite with `npm run test:e2e`');
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-check-'));
	n8n = new N8n({ userFolder: folder });
	await installPackage(folder, tgz);
	await n8n.start();
});

afterAll(async () => {
	await n8n?.stop();
	if (folder && !process.env.E2E_KEEP) fs.rmSync(folder, { recursive: true, force: true });
});

describe('npm run check:n8n against an n8n the user runs', () => {
	it('passes every check and names each in its table, leaving nothing behind', async () => {
		const apiKey = await n8n.getApiKey();
		// Exit code 1 when a check failed: the rows are still on stdout.
		const stdout = await new Promise<string>((resolve) => {
			execFile(
				'npm',
				[
					'run',
					'-s',
					'check:n8n',
					'--',
					'--url',
					n8n.baseUrl,
					'--api-key',
					apiKey,
					'--n8n-version',
					versions.n8n,
					'--json',
				],
				{ cwd: root, maxBuffer: 10 * 1024 * 1024 },
				(_error, out, err) => {
					if (err) process.stdout.write(err);
					resolve(out);
				},
			);
		});
		const { version, rows } = JSON.parse(stdout) as { version: string; rows: CheckRow[] };
		expect(rows.filter((r) => r.result !== 'pass')).toEqual([]);
		expect(version).toBe(versions.n8n);
		expect(rows.map((r) => r.check)).toEqual(
			expect.arrayContaining([
				'credential: a wrong key is refused with the service’s words',
				'Alert Trigger: publish registers its alert, a delivery runs, unpublish removes it',
				'Notification Trigger: publish arms its poll, unpublish stops it',
				...loadExamples().map((e) => `example accepted: ${e.file}`),
			]),
		);
		// Nothing it created stays in the user's n8n.
		expect((await n8n.api<{ data: unknown[] }>('GET', '/workflows')).data.data).toEqual([]);
		expect((await n8n.api<{ data: unknown[] }>('GET', '/credentials')).status).not.toBe(500);
	});
});
