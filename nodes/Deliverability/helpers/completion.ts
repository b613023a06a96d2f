/**
 * "Completed" / "Not Yet": the two outputs of the operations whose work finishes later (an
 * operation file says so by exporting `completed`). A workflow checks once and wires "Not Yet"
 * through n8n's Wait node back to the check, a loop that holds no worker while it waits (n8n stores
 * a waiting execution and resumes it), with no expression to write. Every other operation keeps its
 * one output.
 *
 * n8n computes a node's outputs from this expression over its parameters (as its Switch and If
 * nodes do), in the editor and in the engine alike; the router puts each item on the output its
 * answer calls for.
 */
import type { INodeOutputConfiguration } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

export const COMPLETED_OUTPUT = 0;
export const NOT_YET_OUTPUT = 1;

const BRANCHES: INodeOutputConfiguration[] = [
	{ type: NodeConnectionTypes.Main, displayName: 'Completed' },
	{ type: NodeConnectionTypes.Main, displayName: 'Not Yet' },
];

/** `resource:operation` keys of the operations with two outputs. */
type CompletionKeys = string[];

/** The node's `outputs`: two named outputs for the given operations, one output for all others. */
export function completionOutputs(keys: CompletionKeys): `={{${string}}}` {
	return `={{ ${JSON.stringify(keys)}.includes($parameter.resource + ":" + $parameter.operation) ? ${JSON.stringify(BRANCHES)} : ["main"] }}`;
}
