/**
 * Reading successful answers: the one reader of a 2xx answer (docs/operations.md → Reading
 * answers). The transport receives every body as text and hands it here with what the operation
 * expects (its `answer` fact); nothing becomes an item before this check passed. Secrets are taken
 * out of what it returns by answerSecrets.ts.
 *
 * Tolerated, because it changes nothing the user reads: a UTF-8 byte-order mark, the anti-XSSI
 * prefix `)]}'`, JSON sent as text/plain or without a content type, a list wrapped in one object
 * under a usual key (`data`, `items`, `results`, or the key the operation names). Values inside the
 * answer (booleans as "true"/1, numbers as text, unknown fields, nulls) are read by
 * nodes/shared/lenient.ts where they matter.
 *
 * Refused (an AnswerProblem the transport turns into a NodeApiError in words): a web page, text
 * that is not JSON, cut-off JSON, an empty body (unless the operation documents it), `null`, a bare
 * string or number, a list where an object is due and an object where a list is due, an object with
 * none of the operation's key fields, `{"error": …}` and `{"success": false}` sent with a 2xx.
 */
import type { IDataObject } from 'n8n-workflow';

import { readBoolean } from '../lenient';
import { excerptOf, flattenMessage, isRecord, looksLikeHtml, stripPrefixes } from './answerText';
import type { AnswerFact } from './types';

/**
 * The array inside a list answer. Lists are bare arrays; an object wrapping one array is tolerated.
 */
export function listFrom(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (isRecord(body)) {
		const arrays = Object.values(body).filter(Array.isArray);
		if (arrays.length === 1) return arrays[0] as IDataObject[];
	}
	return [];
}

interface RawAnswer {
	status: number;
	contentType?: string;
	/** The body as sent (text), or a value an older n8n already parsed. */
	body: unknown;
}

/** An answer that is not what the operation expects, described for a person. */
export class AnswerProblem extends Error {
	constructor(
		/** What the service sent, in words: "a web page (HTML)". */
		readonly sent: string,
		/** The first characters of the body, on one line. */
		readonly excerpt: string,
		/** The body looks like a web page: the Base URL likely points at the web app, not the API. */
		readonly webPage: boolean,
		/**
		 * The service's own words, when it sent an error inside a 2xx ({error} / {success: false,
		 * message}).
		 */
		readonly serviceMessage?: string,
		/**
		 * JSON that broke off: the connection failed mid-body (worth asking again where that is safe).
		 */
		readonly cutOff = false,
	) {
		super(sent);
	}
}

/** Keys under which a list may arrive wrapped in an object. */
const WRAPPERS = ['data', 'items', 'results'];

/**
 * The text of a body n8n handed over (a string when asked for text; a Buffer or parsed value on
 * older paths).
 */
function bodyText(body: unknown): string | undefined {
	if (typeof body === 'string') return body;
	if (body === undefined || body === null) return body === null ? 'null' : '';
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return undefined;
}

/** What a parsed value is, in words ("null", "a bare text ("OK")", "a list", …). */
function kindOfValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value))
		return value.length === 0 ? 'an empty list ([])' : `a list of ${value.length}`;
	if (typeof value === 'string')
		return `a bare text (${JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value)})`;
	// What is left is a number or a boolean: objects and lists are read before a kind is named.
	return `a bare ${typeof value} (${String(value)})`;
}

/**
 * `undefined` for a 2xx without a body (only returned when the fact allows it), else the checked
 * value.
 */
type ReadAnswer = Record<string, unknown> | Array<Record<string, unknown>> | undefined;

/**
 * Checks a 2xx answer against what the operation expects and returns it parsed: the object, the
 * list (unwrapped), or `undefined` for a documented empty answer. Anything else throws an
 * AnswerProblem.
 */
export function readAnswer(raw: RawAnswer, fact: AnswerFact): ReadAnswer {
	const text = bodyText(raw.body);
	if (fact.shape === 'unchecked') {
		if (text === undefined) return raw.body as ReadAnswer;
		const parsed = parseJson(text);
		return (parsed.ok ? parsed.value : text) as ReadAnswer;
	}
	let value: unknown;
	if (text === undefined) {
		value = raw.body; // already parsed by n8n
	} else {
		const stripped = stripPrefixes(text);
		if (stripped.trim() === '') {
			if (fact.emptyMeansDone) return undefined;
			throw new AnswerProblem(
				raw.status === 204 ? 'no content (HTTP 204)' : 'an empty body',
				'',
				false,
			);
		}
		const parsed = parseJson(stripped);
		if (parsed.ok) value = parsed.value;
		else {
			const html = looksLikeHtml(stripped, raw.contentType);
			const php = /<b>(Warning|Notice|Deprecated|Fatal error)<\/b>/i.test(stripped);
			const cut = /^\s*[[{]/.test(stripped);
			const sent = php
				? 'a PHP warning instead of clean JSON'
				: html
					? 'a web page (HTML)'
					: cut
						? `JSON that breaks off after ${Buffer.byteLength(stripped)} bytes (a cut-off body)`
						: 'text that is not JSON';
			throw new AnswerProblem(
				sent,
				excerptOf(stripped),
				html && !php,
				undefined,
				cut && !html && !php,
			);
		}
	}
	return checkShape(
		value,
		fact,
		// Stryker disable next-line StringLiteral: a value n8n parsed always has a JSON text
		text === undefined ? (JSON.stringify(value) ?? '') : stripPrefixes(text),
	);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		// Stryker disable next-line ObjectLiteral: callers read `ok` only, and undefined is false too
		return { ok: false };
	}
}

/** readAnswer without throwing: the checked answer, or the problem with it. */
export function checkAnswer(
	raw: RawAnswer,
	fact: AnswerFact,
): { answer: ReadAnswer } | { problem: AnswerProblem } {
	try {
		return { answer: readAnswer(raw, fact) };
	} catch (error) {
		if (error instanceof AnswerProblem) return { problem: error };
		return { problem: new AnswerProblem('an answer that could not be read', String(error), false) };
	}
}

function checkShape(value: unknown, fact: AnswerFact, text: string): ReadAnswer {
	const excerpt = excerptOf(text);
	if (isRecord(value)) {
		// An error or a refusal sent with a 2xx, in the service's words.
		if (readBoolean(value.success) === false) {
			const message = flattenMessage(value.message) ?? flattenMessage(value.error);
			throw new AnswerProblem('"success": false', excerpt, false, message);
		}
		const keys = fact.keys ?? [];
		const hasKey = keys.length === 0 || keys.some((k) => value[k] !== undefined);
		if (value.error !== undefined && value.error !== null && !hasKey) {
			throw new AnswerProblem('an error', excerpt, false, flattenMessage(value.error));
		}
		if (fact.shape !== 'list') {
			if (!hasKey)
				throw new AnswerProblem(
					Object.keys(value).length
						? `an object without ${keys.join(' or ')}`
						: 'an empty object ({})',
					excerpt,
					false,
				);
			return value;
		}
		// Each key once: a fact naming a usual wrapper (`results`) must not count its array twice.
		const wrappers = new Set(fact.wrapper ? [...WRAPPERS, fact.wrapper] : WRAPPERS);
		const wrapped = [...wrappers].map((k) => value[k]).filter(Array.isArray);
		if (wrapped.length === 1) return listOf(wrapped[0] as unknown[], excerpt, fact);
		if (!Object.keys(value).length)
			throw new AnswerProblem('an empty object ({}) where a list is due', excerpt, false);
		throw new AnswerProblem(
			`an object where a list is due${undeclaredList(value, wrappers, wrapped.length)}`,
			excerpt,
			false,
		);
	}
	if (fact.shape !== 'object' && Array.isArray(value)) return listOf(value, excerpt, fact);
	throw new AnswerProblem(kindOfValue(value), excerpt, false);
}

/**
 * Why an object is not read as the list, where the fact may be what is wrong: the one list the
 * object holds sits under a key the operation's answer fact does not name (a mis-spelt or missing
 * `wrapper` reads exactly like a service sending the wrong shape), or it holds more than one.
 */
function undeclaredList(
	value: Record<string, unknown>,
	wrappers: Set<string>,
	found: number,
): string {
	// One list is read as the answer before this, so `found` is 0 or at least 2 here.
	if (found >= 2) return ` (it holds lists under more than one of ${[...wrappers].join(', ')})`;
	const lists = Object.keys(value).filter((k) => Array.isArray(value[k]));
	if (lists.length !== 1) return '';
	return ` (its only list is under "${lists[0]}", a key the operation's answer fact does not name as its wrapper)`;
}

function listOf(
	values: unknown[],
	excerpt: string,
	fact: AnswerFact,
): Array<Record<string, unknown>> {
	const bad = values.find((v) => !isRecord(v) && !(fact.itemsMayBeText && typeof v === 'string'));
	if (bad !== undefined)
		throw new AnswerProblem(`a list holding ${kindOfValue(bad)}`, excerpt, false);
	return values as Array<Record<string, unknown>>;
}
