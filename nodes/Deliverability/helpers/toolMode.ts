/**
 * The node as an AI agent's tool. n8n generates `deliverabilityTool` from `usableAsTool` and runs
 * our execute with the model's arguments resolved through `$fromAI()`; the model then sees only the
 * tool description (the operation's `action` + " in Deliverability"), the `$fromAI` keys, the JSON
 * of the output items, and of an error only its message. Everything that must differ in that mode
 * lives here, behind three small hooks: the router passes each answer through `toolAnswer` and each
 * error through `toolError`, and the wait settings through `toolWait`. The editor experience (a
 * node on the canvas) is untouched: every function is a no-op unless `isTool`.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeParameters,
	INodeProperties,
	NodeParameterValueType,
} from 'n8n-workflow';

/**
 * What the model may receive in one answer: at most this many items, and about this many characters
 * of JSON.
 */
export const TOOL_MAX_ITEMS = 50;
export const TOOL_MAX_CHARS = 16_000;
/** A task's log lines kept in an answer (the latest). */
export const TOOL_MAX_LOG_LINES = 20;
/**
 * The longest a Wait for Completion holds the agent in one call; then the last snapshot comes back.
 */
const TOOL_MAX_WAIT_MS = 60_000;

/**
 * The node runs as a tool: n8n names the generated type `<name>Tool`
 * (n8n-nodes-deliverability.deliverabilityTool), the same test n8n's own `@tool` display option
 * makes.
 */
export function isTool(ctx: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

/**
 * Shown only on the tool node (n8n's `@tool` display option): what changes when an agent calls it.
 */
export const toolNotice: INodeProperties = {
	displayName:
		'As an AI agent tool this node answers compactly: at most 50 items (with a note saying how many more there are), a short spam-test answer with the next step, errors with their fix in the text, and waits of at most 60 s that end with the latest state. Describe each <code>$fromAI()</code> argument: the model sees nothing else.',
	name: 'toolNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { '@tool': [true] } },
};

// -------------------------------------------------------------------------------------------------
// Answers

/**
 * What an operation declares about its answers to a model (its `tool` fact; every part optional).
 */
export interface ToolFacts {
	/**
	 * The answer a model gets instead of the editor's wide one (e.g. the ids and what to do next);
	 * for a list, each item's, before the list is capped.
	 */
	slim?: (answer: IDataObject) => IDataObject;
	/**
	 * What the items a capped list leaves out hold, in words for the truncation note (e.g. how many
	 * of them dropped), so that a model knows what it did not see.
	 */
	omitted?: (left: IDataObject[]) => string | undefined;
	/**
	 * How the truncation note names the items left out and how to ask for fewer, where the
	 * resource's name and its filters or Limit do not fit (a list of trends, not of spam tests).
	 */
	list?: { items: (left: IDataObject[]) => string; narrow: string };
	/** What the model should do next, when the answer alone does not say it. */
	nextStep?: (answer: IDataObject) => string | undefined;
	/**
	 * What a model must know to give an id right, per parameter of this operation that holds ids and
	 * is not a picker (pickers declare theirs in params/locator.ts).
	 */
	idHints?: Record<string, string>;
}

/**
 * What an error needs of the operation it came from: labels on screen and id hints (router.ts
 * `Operation`).
 */
interface ErrorFacts {
	label: (field: string) => string;
	idHint: (name: string) => string | undefined;
}

/** Keeps a list within what a model can take, and says what was left out. */
function capList(answers: IDataObject[], resource: string, facts: ToolFacts): IDataObject[] {
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
	const rest = answers.slice(kept.length);
	const left = facts.omitted?.(rest);
	const { items, narrow } = facts.list
		? { items: facts.list.items(rest), narrow: facts.list.narrow }
		: {
				// "spamTest" → "spam test results"
				items: `${resource.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)} results`,
				narrow:
					'Narrow the search (a search text, tag or other filter, or a Limit) instead of asking for everything.',
			};
	kept.push({
		_truncated: true,
		returned: kept.length,
		omitted,
		note: `Truncated: ${omitted} more ${items} not shown (${answers.length} in all).${left ? ` ${left}` : ''} ${narrow}`,
	});
	return kept;
}

/**
 * The answer as the model should see it: slim where the editor's answer is wide, capped, with its
 * next step.
 */
export function toolAnswer(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	facts: ToolFacts,
	resource: string,
	result: IDataObject | IDataObject[],
): IDataObject | IDataObject[] {
	if (!isTool(ctx)) return result;
	if (Array.isArray(result))
		return capList(facts.slim ? result.map(facts.slim) : result, resource, facts);
	const answer = facts.slim ? facts.slim(result) : { ...result };
	// A task's log has a line per account and step: the latest lines tell a model where it stands.
	if (Array.isArray(answer.logs) && answer.logs.length > TOOL_MAX_LOG_LINES) {
		answer.logs_omitted = answer.logs.length - TOOL_MAX_LOG_LINES;
		answer.logs = answer.logs.slice(-TOOL_MAX_LOG_LINES);
	}
	const step = facts.nextStep?.(result);
	if (step !== undefined) answer.next_step = step;
	return answer;
}

// -------------------------------------------------------------------------------------------------
// Waits

interface WaitLike {
	waitForCompletion: boolean;
	timeoutMs: number;
	onTimeout: 'error' | 'returnLast';
}

/**
 * As a tool, a wait is short and never ends in an error: at most TOOL_MAX_WAIT_MS (or the node's
 * own shorter timeout), then the latest snapshot with a next step saying to call again. An agent
 * holds one conversation open for the whole wait; a 15-minute hold or a bare timeout error helps no
 * model (docs/ai-agents.md → Waiting, as a tool).
 */
export function toolWait<T extends WaitLike>(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	settings: T,
): T {
	if (!isTool(ctx)) return settings;
	return {
		...settings,
		timeoutMs: Math.min(settings.timeoutMs, TOOL_MAX_WAIT_MS),
		onTimeout: 'returnLast',
	};
}

// -------------------------------------------------------------------------------------------------
// Errors

/**
 * A `$fromAI()` argument of this node: where it sits in the parameters and the key the model fills.
 */
interface ToolArgument {
	path: string[];
	key: string;
}

const FROM_AI = /\$from[Aa][Ii]\(\s*(['"`])([A-Za-z0-9_-]{1,64})\1/g;

/**
 * Every `$fromAI()` key in the node's parameters, with the parameter path it fills (resource
 * locators included).
 */
export function toolArguments(parameters: INodeParameters): ToolArgument[] {
	const found: ToolArgument[] = [];
	const walk = (value: NodeParameterValueType | INodeParameters | undefined, path: string[]) => {
		if (typeof value === 'string') {
			for (const match of value.matchAll(FROM_AI)) found.push({ path, key: match[2] });
		} else if (Array.isArray(value)) {
			value.forEach((v, i) => walk(v as NodeParameterValueType, [...path, String(i)]));
		} else if (value !== null && typeof value === 'object') {
			for (const [k, v] of Object.entries(value)) {
				// A resource locator's value belongs to the locator itself (`accountId`, not
				// `accountId.value`).
				walk(v as NodeParameterValueType, k === 'value' && '__rl' in value ? path : [...path, k]);
			}
		}
	};
	walk(parameters, []);
	return found;
}

const normal = (text: string) => text.toLowerCase().replace(/[\s_()-]/g, '');

/**
 * In tool mode the model receives only an error's message: it gets the guidance (the description)
 * and the fields named as the model knows them (its `$fromAI` keys), plus what an id must look
 * like. Changes the error in place.
 */
export function toolError(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	error: unknown,
	facts?: ErrorFacts,
): void {
	if (!isTool(ctx) || !(error instanceof Error)) return;
	const described = error as Error & { description?: string | null };
	const named = new Set<ToolArgument>();
	const { parameters } = ctx.getNode();
	const args = toolArguments(parameters).map((argument) => {
		const name = argument.path[argument.path.length - 1] ?? '';
		const label = facts ? facts.label(name) : name;
		const names = [name, argument.path.join('.'), label].filter((n) => n !== '');
		return { argument, name, names };
	});
	const keyOf = (field: string) =>
		args.find(({ names }) =>
			names.some((n) => normal(n) === normal(field) || normal(field).endsWith(`→${normal(n)}`)),
		);
	// A field is named in quotes in a headline ("Update Fields → Time Zone") and as "Label: fix" in a
	// description.
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
		.map(({ argument, name }) => ({ argument, hint: facts?.idHint(name) }))
		.filter(({ argument, hint }) => hint !== undefined && (named.has(argument) || notFound))
		.map(({ argument, hint }) => `"${argument.key}": ${hint}`);
	const parts = [message];
	if (description && !message.includes(description)) parts.push(description);
	parts.push(...hints);
	error.message = parts.map((p) => (/[.!?]$/.test(p.trim()) ? p.trim() : `${p.trim()}.`)).join(' ');
}
