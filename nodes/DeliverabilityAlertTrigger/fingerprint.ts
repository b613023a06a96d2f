import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/**
 * A stand-in event id for a delivery without one (the spec does not name the field): a hash of the
 * payload, which is the same on every repeat of the same delivery. Keys are sorted so a
 * re-serialised payload hashes the same.
 */
export function fingerprint(payload: IDataObject): string {
	return `sha256:${createHash('sha256').update(canonical(payload), 'utf8').digest('hex').slice(0, 32)}`;
}

function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.keys(value as IDataObject)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as IDataObject)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}
