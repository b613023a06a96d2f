/** What an AI client is told about the tools of an example (ai-agent.json to its model, mcp-server.json to MCP clients). */
import { readExample } from './support';

/**
 * Each tool's description is the Tool Description its node in the example writes for a model (Tool Description → Set
 * Manually), not n8n's template ("Get a mailbox in Deliverability"). n8n names a tool after its node, with
 * underscores for spaces.
 */
export function expectDescriptionsWrittenForAModel(
	exampleFile: string,
	descriptions: Record<string, string | undefined>,
): void {
	const nodes = readExample(exampleFile).nodes as Array<{
		name: string;
		parameters: { descriptionType?: string; toolDescription?: string };
	}>;
	for (const [tool, description] of Object.entries(descriptions)) {
		const node = nodes.find((n) => n.name === tool.replace(/_/g, ' '));
		expect({ tool, descriptionType: node?.parameters.descriptionType }).toEqual({
			tool,
			descriptionType: 'manual',
		});
		expect(description).toEqual(expect.any(String));
		expect(description).toBe(node?.parameters.toolDescription);
		expect(description).not.toMatch(/ in Deliverability$/);
	}
}

/** The parameters of Find mailboxes, a tool of both examples, as the JSON schema a client is given. */
export const FIND_MAILBOXES_PARAMETERS = {
	search: {
		type: 'string',
		description: expect.stringContaining('Part of the mailbox email address or owner name'),
	},
};
