/**
 * What n8n's workflow builder tells an AI model about an operation. n8n 2.41 writes a community
 * node's type definition from its description (its MCP server's get_node_types and the editor's AI
 * builder read it): parameters with their descriptions, but no notice, no output and no credential
 * per operation. The node's `builderHint` fills that in: each operation's text lands in that
 * operation's own type (a variation shown for its resource and operation), so this module turns an
 * operation's `builder` fact into that text. It names no operation.
 */
import type { IBuilderHintVariation } from 'n8n-workflow';

import type { CredentialUse } from '../auth/choice';

/**
 * An operation's `builder` fact: what one output item holds, and what a model must not get wrong.
 */
export interface BuilderFacts {
	/** What comes out, e.g. "one item per account". */
	returns: string;
	/**
	 * The fields a workflow reads next, each with what it means where its name does not say it (''
	 * when it does). Field names of the default Output (Simplified on version 1.1); test/unit checks
	 * them against the output schema.
	 */
	fields: Record<string, string>;
	/** The step a model would miss (a cost, an id to use, what to do next). */
	note?: string;
}

/** Said of every operation with the Completed / Not Yet outputs (helpers/completion.ts). */
const TWO_OUTPUTS =
	'Outputs: output(0) Completed, output(1) Not Yet (unfinished, or the wait timed out with onTimeout returnLast). waitForCompletion true polls in the node for at most timeoutMinutes; for longer waits keep it false and wire output(1) through an n8n Wait node back to this node.';

/**
 * Which credential an operation uses, in words: "deliverabilityMailboxApi when passwordSource is
 * credential; …".
 */
function credentialsInWords(uses: CredentialUse[]): string {
	const cases = uses.map(({ credential, when }) => {
		const conditions = Object.entries(when)
			.map(([name, values]) => `${name} is ${(values as unknown[]).map(String).join(' or ')}`)
			.join(' and ');
		return conditions ? `${credential} when ${conditions}` : credential;
	});
	return `Credential: ${cases.join('; ')} (set only that one: it holds the API key).`;
}

/** The text of one operation's variation. */
export function operationHint(
	action: string,
	facts: BuilderFacts | undefined,
	twoOutputs: boolean,
	credentials?: CredentialUse[],
): string {
	const parts = [`${action}.`];
	if (credentials) parts.push(credentialsInWords(credentials));
	if (facts) {
		const fields = Object.entries(facts.fields)
			.map(([name, meaning]) => (meaning ? `${name} (${meaning})` : name))
			.join(', ');
		parts.push(`Returns ${facts.returns}: ${fields}.`);
		if (facts.note) parts.push(facts.note);
	}
	if (twoOutputs) parts.push(TWO_OUTPUTS);
	return parts.join(' ');
}

/** One operation's variation: shown in that operation's type only. */
export function operationVariation(
	resource: string,
	operation: string,
	content: string,
): IBuilderHintVariation {
	return { content, displayOptions: { show: { resource: [resource], operation: [operation] } } };
}
