/**
 * `npm run bench:tools`: what the tools of examples/mcp-server.json hand a model, in bytes and tokens, with each
 * tool's Output as the example sets it (node version 1.1) against the same calls before the choice existed (version 1,
 * Simplify on as the tools had it) and with Output Raw. Every call runs the node as n8n's generated tool type through
 * n8n's real engine (support/harness.ts) against a fresh sandbox, the model's arguments given to `$fromAI()`; the size
 * is the JSON of the output items, which is what n8n sends the model (or an MCP client). Figures are printed, never
 * asserted.
 *
 * Tokens are counted with OpenAI's o200k_base encoding (GPT-4o / GPT-4.1, from js-tiktoken) and, for comparison, as
 * characters / 4. Get spam test results runs without its wait here (the example waits up to 30 s; the answer is the
 * same incomplete test).
 *
 *   npm run bench:tools
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { getEncoding } from 'js-tiktoken';

import { Deliverability } from '../nodes/Deliverability/Deliverability.node';
import { startSandbox } from '../sandbox';
import { loadExamples } from '../support/examples';
import { asTool, runNode } from '../support/harness';

interface ToolNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
}

type Variant = 'before' | 'after' | 'raw';

interface Size {
	bytes: number;
	tokens: number;
	/** characters / 4, the usual estimate */
	quarter: number;
	/** records in the answer (a list's _truncated note aside) */
	items: number;
}

const log = (m: string) => process.stdout.write(`${m}\n`);
const encoding = getEncoding('o200k_base');

/** A tool node as the variant has it: the example's own (after), version 1 with Simplify (before), or Output Raw. */
function variantOf(
	node: ToolNode,
	variant: Variant,
): { typeVersion: number; parameters: INodeParameters } {
	const parameters: INodeParameters = { ...node.parameters };
	// The bench measures answers, not waits.
	if (parameters.waitForCompletion === true) parameters.waitForCompletion = false;
	if (variant === 'after') return { typeVersion: node.typeVersion, parameters };
	delete parameters.output;
	delete parameters.fields;
	if (variant === 'raw') return { typeVersion: 1.1, parameters: { ...parameters, output: 'raw' } };
	return { typeVersion: 1, parameters };
}

async function main(): Promise<void> {
	const example = loadExamples().find((e) => e.file === 'mcp-server.json');
	if (!example) throw new Error('examples/mcp-server.json is missing');
	const tools = Object.fromEntries(
		(example.workflow.nodes as ToolNode[])
			.filter((n) => n.type.endsWith('.deliverabilityTool'))
			.map((n) => [n.name, n]),
	);
	const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
	try {
		const call = async (name: string, args: IDataObject, variant: Variant): Promise<string> => {
			const node = tools[name];
			if (!node) throw new Error(`the example has no tool "${name}"`);
			const { typeVersion, parameters } = variantOf(node, variant);
			const result = await runNode({
				nodeType: asTool(new Deliverability()),
				parameters,
				typeVersion,
				input: [args],
				credentials: {
					deliverabilityApi: {
						apiKey: sandbox.apiKeys.A,
						baseUrl: sandbox.baseUrl,
						headerForm: 'bearer',
					},
				},
			});
			if (result.error) throw new Error(`${name} (${variant}): ${result.error.message}`);
			return JSON.stringify(result.items.map((i) => i.json));
		};
		// One spam test for every variant's Get (a create per variant would spend three credits for the same answer).
		const created = JSON.parse(await call('Create spam test', {}, 'after')) as IDataObject[];
		const publicId = String(created[0].public_id);
		const anna = (
			JSON.parse(await call('Find mailboxes', { search: 'anna' }, 'raw')) as IDataObject[]
		)[0];
		const calls: Array<[string, string, IDataObject]> = [
			['Find mailboxes "anna"', 'Find mailboxes', { search: 'anna' }],
			['Find mailboxes (every mailbox)', 'Find mailboxes', { search: '' }],
			['Get mailbox', 'Get mailbox', { account_id: anna.id }],
			['Get mailbox statistics', 'Get mailbox statistics', { account_id: anna.id, past_days: 14 }],
			['Check domain health', 'Check domain health', {}],
			['Get spam test results', 'Get spam test results', { public_id: publicId }],
		];
		const { properties } = new Deliverability().description;
		/** The Output a tool has in the example, or why it has none (its operation answers with no record to shape). */
		const outputOf = (name: string): string => {
			const p = tools[name].parameters;
			const offered = properties.some(
				(q) =>
					q.name === 'output' &&
					(q.displayOptions?.show?.resource as unknown[] | undefined)?.includes(p.resource) &&
					(q.displayOptions?.show?.operation as unknown[] | undefined)?.includes(p.operation),
			);
			if (!offered) return 'no Output choice';
			return p.output === 'fields' ? `Selected Fields: ${String(p.fields)}` : 'Simplified';
		};
		const VARIANTS: Variant[] = ['before', 'after', 'raw'];
		const total = Object.fromEntries(
			VARIANTS.map((v) => [v, { bytes: 0, tokens: 0, quarter: 0, items: 0 }]),
		) as Record<Variant, Size>;
		const pad = (s: string | number, n: number) => String(s).padStart(n);
		const cells = (size: Size) =>
			`${pad(size.bytes, 9)}${pad(`${size.tokens} (${size.quarter})`, 13)}${pad(size.items, 6)}`;
		log(
			'\nbench:tools — what each tool of examples/mcp-server.json gives the model (JSON of its answer)',
		);
		log(
			'before: node version 1, Simplify on (as the tools were); after: version 1.1, Output as the example sets it;',
		);
		log(
			'raw: version 1.1, Output Raw. tokens: o200k_base (GPT-4o / GPT-4.1), ≈ chars/4 in brackets; items: records',
		);
		log('returned (lists stop at 50 items or about 16,000 characters, then a _truncated note)\n');
		log(
			`${'call'.padEnd(31)}${['before', 'after', 'raw'].map((v) => `${pad(`${v} B`, 9)}${pad('tokens', 13)}${pad('items', 6)}`).join('')}  output after`,
		);
		for (const [label, name, args] of calls) {
			const sizes = {} as Record<Variant, Size>;
			for (const variant of VARIANTS) {
				const text = await call(name, args, variant);
				const records = (JSON.parse(text) as IDataObject[]).filter((r) => r._truncated !== true);
				sizes[variant] = {
					bytes: Buffer.byteLength(text),
					tokens: encoding.encode(text).length,
					quarter: Math.round(text.length / 4),
					items: records.length,
				};
				total[variant].bytes += sizes[variant].bytes;
				total[variant].tokens += sizes[variant].tokens;
				total[variant].quarter += sizes[variant].quarter;
			}
			log(`${label.padEnd(31)}${VARIANTS.map((v) => cells(sizes[v])).join('')}  ${outputOf(name)}`);
		}
		log(
			`${'all six calls'.padEnd(31)}${VARIANTS.map((v) => `${pad(total[v].bytes, 9)}${pad(`${total[v].tokens} (${total[v].quarter})`, 13)}${pad('', 6)}`).join('')}`.trimEnd(),
		);
		const saved = (1 - total.after.tokens / total.before.tokens) * 100;
		log(
			`\nafter/before: ${total.after.bytes} / ${total.before.bytes} bytes, ${total.after.tokens} / ${total.before.tokens} tokens (${saved.toFixed(0)} % fewer tokens)`,
		);
	} finally {
		await sandbox.close();
	}
}

main().catch((e: Error) => {
	process.stderr.write(`bench:tools failed: ${e.message}\n`);
	process.exit(1);
});
