/**
 * Pickers ("options" parameters) whose values the node checks before it sends them. The options are
 * written once, as a list in the operation file; the picker is built from that list and the check
 * reads its values from it (`valuesOf`), so what the editor offers and what the node accepts cannot
 * drift apart, and the type of the default keeps it among the values.
 *
 * A list built here is hidden from n8n's literal lint rules (sorted by name, no repeated name or
 * value, a default among the values, no option description repeating its name):
 * test/nodes/behaviour/node-description.test.ts checks each of them on the built description of
 * every node instead.
 */
import type { INodeProperties } from 'n8n-workflow';

/** One entry of a picker: the words shown, the value sent, and an optional line shown under it. */
interface Choice<V extends string | number = string> {
	readonly name: string;
	readonly value: V;
	readonly description?: string;
}

/**
 * The values of a list of choices, in the picker's order, typed for the check: `v.oneOf(field,
 * value, valuesOf(LIST))`.
 */
export function valuesOf<V extends string | number>(choices: ReadonlyArray<Choice<V>>): V[] {
	return choices.map((choice) => choice.value);
}

/** A picker over `choices` (written sorted by name) that starts at `initial`, one of them. */
export function choiceField<V extends string | number>(
	displayName: string,
	name: string,
	choices: ReadonlyArray<Choice<V>>,
	initial: NoInfer<V>,
	description?: string,
): INodeProperties {
	const options = choices.map((choice) => ({ ...choice }));
	return {
		displayName,
		name,
		type: 'options',
		options,
		default: initial,
		...(description ? { description } : {}),
	};
}
