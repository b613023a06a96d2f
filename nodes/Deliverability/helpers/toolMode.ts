/**
 * The node as an AI agent's tool. n8n generates `deliverabilityTool` from `usableAsTool` and runs our execute with
 * the model's arguments resolved through `$fromAI()`; the model then sees only the tool description (the operation's
 * `action` + " in Deliverability"), the `$fromAI` keys, the JSON of the output items, and of an error only its
 * message. Everything that must differ in that mode lives here, behind three small hooks: the router passes each
 * answer through `toolAnswer` and each error through `toolError`, and the wait settings through `toolWait`.
 * The editor experience (a node on the canvas) is untouched: every function is a no-op unless `isTool`.
 */
import type { IDataObject, IExecuteFunctions, INodeParameters, INodeProperties, NodeParameterValueType } from 'n8n-workflow';

import { labelOf } from './labels';

/** What the model may receive in one answer: at most this many items, and about this many characters of JSON. */
export const TOOL_MAX_ITEMS = 50;
export const TOOL_MAX_CHARS = 16_000;
/** A task's log lines kept in an answer (the latest). */
export const TOOL_MAX_LOG_LINES = 20;
/** The longest a Wait for Completion holds the agent in one call; then the last snapshot comes back. */
export const TOOL_MAX_WAIT_MS = 60_000;

/**
 * The node runs as a tool: n8n names the generated type `<name>Tool` (n8n-nodes-deliverability.deliverabilityTool),
 * the same test n8n's own `@tool` display option makes.
 */
export function isTool(ctx: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

/** Shown only on the tool node (n8n's `@tool` display option): what changes when an agent calls it. */
export const toolNotice: INodeProperties = {
	displayName:
		'As an AI agent tool this node answers compactly: at most 50 items (with a note saying how many more there are), a short spam-test answer with the next step, errors with their fix in the text, and waits of at most 60 s that end with the latest state. Describe each <code>$fromAI()</code> argument: the model sees nothing else.',
	name: 'toolNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { '@tool': [true] } },
};

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** What the model should do next, per operation (when the answer alone does not say it). */
function nextStep(resource: string, operation: string, answer: IDataObject): string | undefined {
	const waited = answer._waitTimedOut === true;
	if (resource === 'spamTest' && operation === 'get' && answer.completed === false) {
		return waited
			? `Not complete yet after waiting: call this tool again with the same public_id (${String(answer.public_id ?? '')}) to keep waiting. Seeds that never receive the message keep it incomplete: check it was sent to every seed address with public_full_id in the body.`
			: `Not complete yet: the message must reach every seed address with public_full_id (${String(answer.public_full_id ?? '')}) in the body. Call this tool again in a minute or two for the results.`;
	}
	if ((resource === 'task' || (resource === 'account' && operation === 'batch')) && Number(answer.progress) < 100) {
		return `The task is still running (progress ${String(answer.progress)}%): call the task Get tool again with task id ${String(answer.id ?? answer.task_id ?? '')} to follow it.`;
	}
	return undefined;
}

/** Spam Test → Create for a model: the ids, the seed addresses once, the cost and what to do next. */
function slimSpamTest(test: IDataObject): IDataObject {
	const seeds = typeof test.seed_emails === 'string' && test.seed_emails !== '' ? test.seed_emails.split(',') : [];
	const out: IDataObject = {};
	for (const key of ['id', 'public_id', 'public_full_id', 'seedlist', 'test_type']) {
		if (test[key] !== undefined && test[key] !== null) out[key] = test[key];
	}
	out.credits_used = 1;
	out.seed_emails = seeds;
	out.next_step =
		`Send the message to test to all ${seeds.length} seed_emails, with "${String(test.public_full_id ?? '')}" ` +
		`somewhere in its body; then get the spam test by public_id "${String(test.public_id ?? '')}" for the results ` +
		'(placement completes once every seed received it). Do not create another test for the same message: each costs a credit.';
	return out;
}

/** Keeps a list within what a model can take, and says what was left out. */
function capList(answers: IDataObject[], resource: string): IDataObject[] {
	const kept: IDataObject[] = [];
	let chars = 2;
	for (const answer of answers) {
		const size = JSON.stringify(answer).length + 1;
		if (kept.length >= TOOL_MAX_ITEMS || (kept.length > 0 && chars + size > TOOL_MAX_CHARS)) break;
		kept.push(answer);
		chars += size;
	}
	const omitted = answers.length - kept.length;
	if (omitted === 0) return answers;
	kept.push({
		_truncated: true,
		returned: kept.length,
		omitted,
		note: `Truncated: ${omitted} more ${resource} results not shown (${answers.length} in all). Narrow the search (a search text, tag or other filter, or a Limit) instead of asking for everything.`,
	});
	return kept;
}

/** The answer as the model should see it: slim where the editor's answer is wide, capped, with its next step. */
export function toolAnswer(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	resource: string,
	operation: string,
	result: IDataObject | IDataObject[],
): IDataObject | IDataObject[] {
	if (!isTool(ctx)) return result;
	if (Array.isArray(result)) return capList(result, resource);
	const answer = resource === 'spamTest' && operation === 'create' ? slimSpamTest(result) : { ...result };
	// A task's log has a line per account and step: the latest lines tell a model where it stands.
	if (Array.isArray(answer.logs) && answer.logs.length > TOOL_MAX_LOG_LINES) {
		answer.logs_omitted = answer.logs.length - TOOL_MAX_LOG_LINES;
		answer.logs = answer.logs.slice(-TOOL_MAX_LOG_LINES);
	}
	const step = nextStep(resource, operation, result);
	if (step !== undefined) answer.next_step = step;
	return answer;
}

// ---------------------------------------------------------------------------------------------------------------
// Waits

interface WaitLike {
	waitForCompletion: boolean;
	timeoutMs: number;
	onTimeout: 'error' | 'returnLast';
}

/**
 * As a tool, a wait is short and never ends in an error: at most TOOL_MAX_WAIT_MS (or the node's own shorter
 * timeout), then the latest snapshot with a next step saying to call again. An agent holds one conversation open for
 * the whole wait; a 15-minute hold or a bare timeout error helps no model (README, "Use with AI agents").
 */
export function toolWait<T extends WaitLike>(ctx: Pick<IExecuteFunctions, 'getNode'>, settings: T): T {
	if (!isTool(ctx)) return settings;
	return { ...settings, timeoutMs: Math.min(settings.timeoutMs, TOOL_MAX_WAIT_MS), onTimeout: 'returnLast' };
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** A `$fromAI()` argument of this node: where it sits in the parameters and the key the model fills. */
interface ToolArgument {
	path: string[];
	key: string;
}

const FROM_AI = /\$from[Aa][Ii]\(\s*(['"`])([A-Za-z0-9_-]{1,64})\1/g;

/** Every `$fromAI()` key in the node's parameters, with the parameter path it fills (resource locators included). */
export function toolArguments(parameters: INodeParameters): ToolArgument[] {
	const found: ToolArgument[] = [];
	const walk = (value: NodeParameterValueType | INodeParameters | undefined, path: string[]) => {
		if (typeof value === 'string') {
			for (const match of value.matchAll(FROM_AI)) found.push({ path, key: match[2] });
		} else if (Array.isArray(value)) {
			value.forEach((v, i) => walk(v as NodeParameterValueType, [...path, String(i)]));
		} else if (value !== null && typeof value === 'object') {
			for (const [k, v] of Object.entries(value)) {
				// A resource locator's value belongs to the locator itself (`accountId`, not `accountId.value`).
				walk(v as NodeParameterValueType, k === 'value' && '__rl' in value ? path : [...path, k]);
			}
		}
	};
	walk(parameters, []);
	return found;
}

/** What a model must know to give an id right (the keys are the parameters that hold ids). */
const ID_HINTS: Record<string, string> = {
	accountId: 'give the numeric id of the account (a sending mailbox), e.g. 120, not its email or name; list the accounts to find it',
	accountIds: 'give numeric account ids, comma-separated (e.g. 120, 121), not emails; list the accounts to find them',
	alertId: 'give the numeric id of an alert (e.g. 12); list the alerts to find it',
	automatedTestId: 'give the numeric id of an automated test (e.g. 77); list the automated tests to find it',
	publicId: 'give the public_id of a spam test (e.g. oxxjt6gqir), not its public_full_id with the prefix',
	tagId: 'give the numeric id of a tag (e.g. 4), not its name',
	taskId: 'give the numeric id of a task, as a batch action returns it',
};

const normal = (text: string) => text.toLowerCase().replace(/[\s_()-]/g, '');

/**
 * In tool mode the model receives only an error's message: it gets the guidance (the description) and the fields
 * named as the model knows them (its `$fromAI` keys), plus what an id must look like. Changes the error in place.
 */
export function toolError(ctx: Pick<IExecuteFunctions, 'getNode'>, error: unknown): void {
	if (!isTool(ctx) || !(error instanceof Error)) return;
	const described = error as Error & { description?: string | null };
	const named = new Set<ToolArgument>();
	const { parameters } = ctx.getNode();
	const args = toolArguments(parameters).map((argument) => {
		const name = argument.path[argument.path.length - 1] ?? '';
		const label = labelOf(name, String(parameters.resource ?? ''), String(parameters.operation ?? ''));
		const names = [name, argument.path.join('.'), label].filter((n) => n !== '');
		return { argument, name, names };
	});
	const keyOf = (field: string) =>
		args.find(({ names }) => names.some((n) => normal(n) === normal(field) || normal(field).endsWith(`→${normal(n)}`)));
	// A field is named in quotes in a headline ("Update Fields → Time Zone") and as "Label: fix" in a description.
	const rename = (text: string) => {
		let out = text.replace(/"([^"]{1,80})"/g, (whole, field: string) => {
			const found = keyOf(field);
			if (!found) return whole;
			named.add(found.argument);
			return `"${found.argument.key}"`;
		});
		for (const { argument, names } of args) {
			for (const label of [...names].sort((a, b) => b.length - a.length)) {
				if (out.includes(`${label}: `)) {
					out = out.split(`${label}: `).join(`"${argument.key}": `);
					named.add(argument);
				}
			}
		}
		return out;
	};
	const message = rename(error.message);
	const description = described.description ? rename(described.description) : '';
	const notFound = /\b404\b|not found|nothing exists/i.test(`${message} ${description}`);
	const hints = args
		.filter(({ argument, name }) => ID_HINTS[name] && (named.has(argument) || notFound))
		.map(({ argument, name }) => `"${argument.key}": ${ID_HINTS[name]}`);
	const parts = [message];
	if (description && !message.includes(description)) parts.push(description);
	parts.push(...hints);
	error.message = parts.map((p) => (/[.!?]$/.test(p.trim()) ? p.trim() : `${p.trim()}.`)).join(' ');
}
