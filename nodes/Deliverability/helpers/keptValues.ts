/**
 * Updates the service takes whole for some fields: it refuses an update without them, or resets
 * them when they are omitted. For those, the node sends back what the record has now, so that an
 * update still changes only what the user set.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * How one field the user did not set is sent back, from the record's current value: that value
 * (checked, or an error in words when it cannot be sent), or undefined to leave the field out.
 */
export type KeptValue = (current: unknown) => unknown;

/**
 * `body` with, for each field of `keep` the user did not set, the value `keep` makes of the
 * record's current one. The record is read (`read`) once, and only when such a field is missing.
 */
export async function withKeptValues(
	body: IDataObject,
	keep: Record<string, KeptValue>,
	read: () => Promise<IDataObject>,
): Promise<IDataObject> {
	const missing = Object.keys(keep).filter((name) => body[name] === undefined);
	if (missing.length === 0) return body;
	const current = await read();
	const whole: IDataObject = { ...body };
	for (const name of missing) {
		const value = keep[name](current[name]);
		if (value !== undefined) whole[name] = value as IDataObject[string];
	}
	return whole;
}
