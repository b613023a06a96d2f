/**
 * Email Workspace → Update (POST /email_workspaces/{id}: name required by the service, replacement Google key
 * from the credential) through the real engine against the sandbox: only the name unless the key is replaced, the
 * key never in the workflow or the run, a bad key refused before any request, the service's 404 and 422.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, jsonOf, useSandbox } from '../context';
import { credentialsAskedFor } from '../editor';
import { KEY_FILE, workspace } from '../../support/email-workspaces';

const t = useSandbox({ accounts: 20 });

const local = (path: string) => path.replace(/^.*\/api\/v1/, '');

const googleKey = {
	credentials: {
		deliverabilityGoogleWorkspaceKeyApi: { privateKeyFile: JSON.stringify(KEY_FILE) },
	},
};

const noSecrets = (value: unknown) => {
	const text = JSON.stringify(value);
	expect(text).not.toContain('MIIEdummynewkeymaterial');
	expect(text).not.toContain('dummy-new-key-id-456');
};

describe('email workspace update', () => {
	const update = (id: number, extra: IDataObject = {}): INodeParameters => ({
		resource: 'emailWorkspace',
		operation: 'update',
		emailWorkspaceId: byId(id),
		name: 'Renamed',
		...extra,
	});

	it('version 1.1 answers the workspace as renamed, in words; Raw gives it as answered', async () => {
		const id = await workspace(t);
		const words = await t.run(update(id), { typeVersion: 1.1 });
		expect(words.error).toBeUndefined();
		expect(jsonOf(words)[0]).toMatchObject({
			id,
			name: 'Renamed',
			provider: 'google',
			outcome: 'updated',
			message: `Google Workspace "Renamed" (ID ${id}) updated`,
		});
		const raw = await t.run(update(id, { output: 'raw' }), { typeVersion: 1.1 });
		expect(jsonOf(raw)[0]).toMatchObject({ id, name: 'Renamed' });
		expect(jsonOf(raw)[0]).not.toHaveProperty('outcome');
	});

	it('sends only the name when the key is not replaced (no key credential asked for)', async () => {
		const id = await workspace(t);
		expect(credentialsAskedFor(update(id))).toEqual(['deliverabilityApi']);
		const result = await t.run(update(id));
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual(
			expect.objectContaining({ id, name: 'Renamed', provider: 'google' }),
		);
		const [request] = await t.requests();
		expect([request.method, local(request.path), request.body]).toEqual([
			'POST',
			`/email_workspaces/${id}`,
			{ name: 'Renamed' },
		]);
	});

	it('Replace Google Key sends the key file from the credential; neither the workflow nor the run holds it', async () => {
		const id = await workspace(t);
		const parameters = update(id, { replaceGoogleKey: true });
		expect(credentialsAskedFor(parameters)).toEqual(['deliverabilityGoogleWorkspaceKeyApi']);
		const result = await t.run(parameters, googleKey);
		expect(result.error).toBeUndefined();
		noSecrets(parameters);
		noSecrets(result.run.data);
		const [request] = await t.requests();
		expect(JSON.parse((request.body as IDataObject).file_key_json as string)).toEqual(KEY_FILE);
	});

	it.each([
		[{ name: '={{ "  " }}' }, /Name/],
		[{ emailWorkspaceId: byId('={{ "x" }}') }, /Email Workspace|emailWorkspaceId/],
	])('refuses %p before any request', async (extra, pattern) => {
		const result = await t.run(update(1, extra));
		await t.expectRefused(result, pattern);
	});

	it('refuses a bad key in the credential before any request, never quoting it', async () => {
		const id = await workspace(t);
		const result = await t.run(update(id, { replaceGoogleKey: true }), {
			credentials: {
				deliverabilityGoogleWorkspaceKeyApi: {
					privateKeyFile: JSON.stringify({ ...KEY_FILE, type: 'user' }),
				},
			},
		});
		expect(result.error!.message).toMatch(/with Google Workspace Key API.*service_account/);
		noSecrets({ m: result.error!.message, d: result.error!.description });
		expect(await t.requests()).toHaveLength(0);
	});

	it('service errors: unknown workspace → 404; a key for an Outlook workspace → 422 with the key scrubbed', async () => {
		expect((await t.run(update(999))).error?.httpCode).toBe('404');
		const id = await workspace(t, 'outlook');
		const result = await t.run(update(id, { replaceGoogleKey: true }), googleKey);
		expect(result.error?.httpCode).toBe('422');
		noSecrets({ m: result.error!.message, d: result.error!.description, c: result.error!.context });
	});
});
