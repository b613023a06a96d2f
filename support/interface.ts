/**
 * A fingerprint of the node's public interface: every parameter (nested ones included) with the resource/operation
 * it is shown for, its name, type, displayName, default and option values. Workflows depend on these; the committed
 * fixture `fixtures/interface.json` is the released interface, and node-description.test.ts fails when an entry
 * disappears or changes (new entries are allowed: they do not break saved workflows).
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

export interface InterfaceEntry {
	key: string;
	type: string;
	displayName: string;
	default: unknown;
	options?: Array<{ name: string; value: unknown }>;
	required?: boolean;
	modes?: string[];
}

function where(p: INodeProperties): string {
	const show = p.displayOptions?.show ?? {};
	const parts = Object.keys(show)
		.sort()
		.map((k) => `${k}=${JSON.stringify(show[k])}`);
	return parts.join('&');
}

function walk(list: INodeProperties[], prefix: string, out: InterfaceEntry[]): void {
	for (const p of list) {
		if (p.type === 'notice') continue;
		const key = `${prefix}${p.name}@${where(p)}`;
		const entry: InterfaceEntry = {
			key,
			type: p.type,
			displayName: p.displayName,
			default: p.default,
		};
		if ((p.type === 'options' || p.type === 'multiOptions') && Array.isArray(p.options)) {
			entry.options = (p.options as INodePropertyOptions[]).map((o) => ({
				name: o.name,
				value: o.value,
			}));
		}
		if (p.required) entry.required = true;
		if (p.modes) entry.modes = p.modes.map((m) => m.name);
		out.push(entry);
		if (p.type === 'collection' && p.options) walk(p.options as INodeProperties[], `${key}/`, out);
		if (p.type === 'fixedCollection' && p.options) {
			for (const group of p.options as INodePropertyCollection[])
				walk(group.values, `${key}/${group.name}/`, out);
		}
	}
}

export function interfaceOf(properties: INodeProperties[]): InterfaceEntry[] {
	const out: InterfaceEntry[] = [];
	walk(properties, '', out);
	return out;
}
