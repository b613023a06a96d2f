import type {
	IBuilderHintVariation,
	IDataObject,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { credentialParameters, type CredentialUse } from '../auth/choice';
import { operationHint, operationVariation, type BuilderFacts } from '../helpers/builder';
import { labelOf } from '../helpers/labels';
import type { ToolFacts } from '../helpers/toolMode';
import { idHintOf } from '../params/locator';
import type { Operation, OperationHandler } from '../router';

/**
 * What every resources/<resource>/<operation>.ts exports: everything about the operation lives in
 * its file, and shared modules read it from here (they name no resource or operation). Its facts
 * about one request stay in the file, passed with the request they describe: what the answer must
 * look like (`answer`, an AnswerFact) and, for a create, what may exist when its answer is lost
 * (`creates`, a CreateWording).
 */
export interface OperationModule {
	/** Its entry in the Operation picker (the value is its key in the resource's table). */
	operation: { name: string; action: string; description: string };
	/** Its own parameters, each shown for this resource and operation only. */
	description: INodeProperties[];
	execute: OperationHandler;
	/**
	 * For an operation whose work finishes later (a spam test, a task): whether an answer shows it
	 * finished. Its presence gives the operation two outputs, "Completed" and "Not Yet"
	 * (helpers/completion.ts), so a workflow can check once and loop the "Not Yet" items through
	 * n8n's Wait node without an expression.
	 */
	completed?: (answer: IDataObject) => boolean;
	/** How it answers an AI agent, where that differs from the editor (helpers/toolMode.ts). */
	tool?: ToolFacts;
	/**
	 * For an operation that sends a secret: which credential it uses for which values of its own
	 * parameters (auth/choice.ts). Without it, the API key's.
	 */
	credentials?: CredentialUse[];
	/** What n8n's workflow builder tells a model of its output and pitfalls (helpers/builder.ts). */
	builder?: BuilderFacts;
}

/** What every resources/<resource>/index.ts exports. */
export interface ResourceModule {
	/** The entry in the Resource picker. */
	option: INodePropertyOptions;
	/** The Operation picker followed by each operation's own parameters. */
	description: INodeProperties[];
	/** Each operation as the item loop runs it (router.ts). */
	operations: Record<string, Operation>;
	/** The operations with "Completed" / "Not Yet" outputs, each with its test of an answer. */
	completion: Record<string, (answer: IDataObject) => boolean>;
	/**
	 * Each operation's text for n8n's workflow builder, shown in that operation's type definition
	 * only.
	 */
	builderHints: IBuilderHintVariation[];
}

/**
 * A parameter of one operation, shown for its resource and operation besides its own conditions
 * (Return All → Limit, a provider, a switch). Applied here to every parameter an operation file
 * declares (as n8n's own per-operation files do with updateDisplayOptions), so neither that file
 * nor the parameter builders name where they show. The table's resource and operation win over any
 * the parameter names itself: a condition copied from another file cannot move a parameter to
 * another operation.
 */
function withDisplayConditions(
	parameter: INodeProperties,
	resource: string,
	operation: string,
): INodeProperties {
	const own = parameter.displayOptions ?? {};
	// Resource and operation stay first, as n8n's own nodes write them: n8n reads the conditions in
	// order, and with them last a provider given as an expression made n8n require another
	// operation's fields.
	const ownShow = Object.entries(own.show ?? {}).filter(
		([name]) => name !== 'resource' && name !== 'operation',
	);
	return {
		...parameter,
		displayOptions: {
			...own,
			show: { resource: [resource], operation: [operation], ...Object.fromEntries(ownShow) },
		},
	};
}

/** A resource from its picker entry and its table of operations (value → operation file). */
export function defineResource(
	option: INodePropertyOptions & { value: string },
	defaultOperation: string,
	operations: Record<string, OperationModule>,
): ResourceModule {
	const entries = Object.entries(operations);
	const description: INodeProperties[] = [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [option.value] } },
			// Sorted by name, as n8n's lint requires of literal lists (the description test checks this
			// one).
			options: entries
				.map(([value, op]) => ({ ...op.operation, value }))
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultOperation,
		},
		...entries.flatMap(([value, op]) =>
			op.description.map((parameter) => withDisplayConditions(parameter, option.value, value)),
		),
		...credentialParameters(
			option.value,
			entries.map(([value, op]) => [value, op.credentials]),
		),
	];
	return {
		option,
		description,
		operations: Object.fromEntries(
			entries.map(([value, op]): [string, Operation] => {
				// Fields are named by their labels on screen: this resource's parameters shown for this
				// operation.
				const label = (field: string): string => labelOf(field, option.value, value, description);
				const tool = op.tool ?? {};
				return [
					value,
					{
						execute: op.execute,
						label,
						title: `${option.name} → ${op.operation.name}`,
						tool,
						idHint: (name: string) => tool.idHints?.[name] ?? idHintOf(name),
					},
				];
			}),
		),
		completion: Object.fromEntries(
			entries.flatMap(([value, op]) => (op.completed ? [[value, op.completed]] : [])),
		),
		builderHints: entries.map(([value, op]) =>
			operationVariation(
				option.value,
				value,
				operationHint(op.operation.action, op.builder, op.completed !== undefined, op.credentials),
			),
		),
	};
}
