/**
 * Reading a list answer whose entries the caller must be able to tell apart (the triggers: which
 * alert is ours, which notification is new). A list that cannot be read is never taken for an empty
 * one: for the webhook trigger "no alert" means "register one", so an unreadable list read as empty
 * registers a second alert; for the polling trigger it means silence while notifications are open.
 *
 * Readable: a JSON array (the documented shape), or an object holding nothing but one array (a
 * wrapper such as `{data: [...]}`), whose every entry is an object with a usable `id` (a number, or
 * text that is not blank). Anything else — null, an empty answer, a web page or other text, a
 * cut-off document (which arrives as text), an object, an entry without an id — is a problem,
 * described in words the error can show.
 */
import type { IDataObject } from 'n8n-workflow';

type IdListReading = { items: IDataObject[] } | { problem: string };

/** The id of an entry as text, when it has a usable one (a finite number or non-blank text). */
export function usableId(entry: unknown): string | undefined {
	if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
	const id = (entry as IDataObject).id;
	if (typeof id === 'number' && Number.isFinite(id)) return String(id);
	if (typeof id === 'string' && id.trim() !== '') return id.trim();
	return undefined;
}

/**
 * A short description of an answer for an error headline ("null", "an HTML page", "an object with
 * keys a, b").
 */
export function describeAnswer(body: unknown): string {
	if (body === undefined || body === '') return 'an empty answer';
	if (body === null) return 'null';
	if (typeof body === 'string') {
		const text = body.trim();
		if (/^<[!a-z]/i.test(text)) return `an HTML page ("${excerpt(text)}")`;
		if (/^[[{]/.test(text)) return `a cut-off or malformed JSON document ("${excerpt(text)}")`;
		return `text ("${excerpt(text)}")`;
	}
	if (Array.isArray(body)) return `a list of ${body.length}`;
	if (typeof body === 'object') {
		const keys = Object.keys(body);
		if (keys.length === 0) return 'an empty object ({})';
		return `an object (keys: ${excerpt(keys.join(', '))})`;
	}
	return `${typeof body} ${excerpt(String(body))}`;
}

function excerpt(text: string): string {
	const line = text.replace(/\s+/g, ' ');
	return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

/**
 * The entries of a list answer when every one of them has a usable id; otherwise what is wrong with
 * the answer.
 */
export function readIdList(body: unknown): IdListReading {
	let list: unknown[] | undefined;
	if (Array.isArray(body)) list = body;
	else if (body && typeof body === 'object') {
		const values = Object.values(body as IDataObject);
		if (values.length === 1 && Array.isArray(values[0])) list = values[0] as unknown[];
	}
	if (!list) return { problem: describeAnswer(body) };
	const bad = list.findIndex((entry) => usableId(entry) === undefined);
	if (bad !== -1) {
		const entry = list[bad];
		const what =
			entry && typeof entry === 'object' && !Array.isArray(entry)
				? 'has no usable "id"'
				: `is ${describeAnswer(entry)}`;
		return { problem: `a list whose entry ${bad + 1} of ${list.length} ${what}` };
	}
	return { items: list as IDataObject[] };
}
