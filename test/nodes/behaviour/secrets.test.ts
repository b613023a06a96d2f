/**
 * The API key never leaves the credential: not in output items, not in error messages or descriptions (also as
 * Continue On Fail items), not in n8n's logs, even when the service echoes it back. The Deliverability node runs
 * through n8n's real engine against a scripted server that echoes the key in both header forms.
 */
import {
	LoggerProxy,
	type IDataObject,
	type INodeProperties,
	type INodePropertyCollection,
} from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { useScriptedServer } from '../../transport/scripted-server';
import { byId } from '../context';
import { runAction } from '../../support/run-action';

const KEY = 'dummy-key-5e1b77c2';
const { server, baseUrl } = useScriptedServer();
const logged: string[] = [];

/** Routes n8n's logger into `logged` (n8n-core installs its own logger on first use, so call this after a run). */
function captureLogs(): void {
	const capture = (message: string, meta?: object) =>
		logged.push(`${message} ${JSON.stringify(meta ?? {})}`);
	LoggerProxy.init({
		error: capture,
		warn: capture,
		info: capture,
		debug: capture,
		verbose: capture,
	} as never);
}

beforeEach(() => {
	logged.length = 0;
});

async function run(
	parameters: IDataObject,
	options: { input?: IDataObject[]; continueOnFail?: boolean; headerForm?: string } = {},
) {
	return await runAction(
		parameters,
		{ apiKey: KEY, baseUrl: baseUrl(), headerForm: options.headerForm ?? 'bearer' },
		options,
	);
}

/** Everything a user, a log or a later node could see of a run. */
function visible(result: Awaited<ReturnType<typeof run>>): string {
	const error = result.error as unknown as IDataObject | undefined;
	return JSON.stringify({
		message: error?.message,
		description: error?.description,
		context: error?.context,
		messages: error?.messages,
		errorResponse: error?.errorResponse,
		items: result.items,
		logged,
	});
}

const echo = (status: number) => ({
	status,
	body: {
		message: `Invalid key: Bearer ${KEY}`,
		api_key: KEY,
		errors: { api_key: [`${KEY} is not allowed`] },
	},
});

describe('the API key stays secret', () => {
	it.each(['bearer', 'raw'])(
		'401 echoing the key (%s form): the error shows [redacted], never the key',
		async (headerForm) => {
			server.reply([echo(401)]);
			const result = await run(
				{ resource: 'account', operation: 'get', accountId: byId(1) },
				{ headerForm },
			);
			expect(result.error?.name).toBe('NodeApiError');
			expect(result.error!.httpCode).toBe('401');
			expect(result.error!.message).toContain('[redacted]');
			expect(server.requests[0].headers['x-api-key']).toContain(KEY); // the key was sent, so the echo is real
			expect(visible(result)).not.toContain(KEY);
		},
	);

	it('422 echoing the key in its details, with Continue On Fail: error items carry no key, good items go on', async () => {
		server.reply([
			{ status: 200, body: { id: 1, alive: false } },
			echo(422),
			{ status: 200, body: { id: 3, alive: false } },
		]);
		const result = await run(
			{ resource: 'account', operation: 'pause', accountId: byId('={{ $json.id }}') },
			{ input: [{ id: 1 }, { id: 2 }, { id: 3 }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const [first, failed, third] = result.items.map((item) => item.json);
		expect([first.id, third.id]).toEqual([1, 3]);
		expect(failed).toEqual(
			expect.objectContaining({ error: expect.stringContaining('[redacted]'), httpCode: '422' }),
		);
		expect(String(failed.description)).toContain('[redacted]');
		expect(visible(result)).not.toContain(KEY);
	});

	it('a successful answer that echoes the key reaches the output with [redacted] instead', async () => {
		server.reply([
			{ status: 200, body: [{ id: 1, email: 'a@example.com', note: `created with ${KEY}` }] },
		]);
		const result = await run({
			resource: 'account',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{ id: 1, email: 'a@example.com', note: 'created with [redacted]' },
		]);
		expect(visible(result)).not.toContain(KEY);
	});

	it("n8n's logs of a failed run carry no key", async () => {
		server.reply([], () => echo(403));
		await run({ resource: 'spamTest', operation: 'get', publicId: byId('abc123') });
		captureLogs();
		const result = await run({ resource: 'spamTest', operation: 'get', publicId: byId('abc123') });
		expect(result.error?.httpCode).toBe('403');
		expect(logged.length).toBeGreaterThan(0); // the engine did log the run
		expect(logged.join('\n')).toContain('[redacted]'); // the echoed text was logged, redacted
		expect(logged.join('\n')).not.toContain(KEY);
	});
});

/** Every parameter of a list, with those inside collections and fixed collections. */
function everyParameter(list: INodeProperties[]): INodeProperties[] {
	return list.flatMap((p) => [
		p,
		...(p.type === 'collection' ? everyParameter((p.options ?? []) as INodeProperties[]) : []),
		...(p.type === 'fixedCollection'
			? (p.options as INodePropertyCollection[]).flatMap((g) => everyParameter(g.values))
			: []),
	]);
}

describe('secrets are asked for only in credentials', () => {
	it('no parameter of the node is a secret (a password field, or named like a key, token, secret or password)', () => {
		const parameters = everyParameter(new Deliverability().description.properties);
		expect(parameters.length).toBeGreaterThan(100);
		const secret = parameters
			.filter(
				(p) =>
					p.typeOptions?.password === true || /(password|secret|token|api_?key)$/i.test(p.name),
			)
			.map((p) => p.name);
		// A parameter is saved with the workflow, in clear: a secret the service needs belongs in a
		// credential (credentials/, and the operation's `credentials` in its file: auth/choice.ts).
		expect(secret).toEqual([]);
	});
});
