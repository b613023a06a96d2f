/**
 * The shapes every part of the transport shares, and reading an answer's header (kept apart so no
 * two parts import each other).
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

export const CREDENTIAL_NAME = 'deliverabilityApi';

export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

/**
 * What a create makes and where the user can see whether it was made: the headline of a create
 * whose answer was lost ("<what>: <why we do not know>. Check <where> before running this again").
 * Declared by the operation file.
 */
export interface CreateWording {
	/** e.g. "The alert may have been created". */
	what: string;
	/** e.g. "Alert → Get Many". */
	where: string;
}

/** How safe a request is to repeat; decides which failures are retried. */
export type RequestKind = 'read' | 'update' | 'create';

/**
 * The method and how safe it is to repeat, tied in the type: a read is a GET, a create is a POST
 * that says what it may have made (`creates`: never retried once it may have reached the service,
 * and a lost answer says where to check), anything else that changes something is an update
 * (retried: doing it twice ends the same). A DELETE marked `create`, or a create without its
 * wording, does not compile.
 */
export type RequestMethodAndKind =
	| { method: 'GET'; kind?: 'read'; creates?: never }
	| { method: 'POST'; kind: 'create'; creates: CreateWording }
	| { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; kind: 'update'; creates?: never }
	| { method: 'DELETE'; kind?: 'update'; creates?: never };

/** What a request is besides its method and kind. */
export interface RequestTarget {
	/** Path below the base URL, e.g. `/accounts/12`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/**
	 * Item the request belongs to, so errors point at it (and, with a gate, its create waits for the
	 * item's turn).
	 */
	itemIndex?: number;
	/**
	 * What the answer must be (the operation file's `answer` fact); without one, any JSON object or
	 * list.
	 */
	answer?: AnswerFact;
}

export type ApiRequest = RequestTarget & RequestMethodAndKind;

/**
 * What an operation's answer must be: the operation file's `answer` fact, kept right above the
 * `execute` that passes it. The transport checks every 2xx answer against it before anything
 * becomes an item.
 */
export interface AnswerFact {
	/**
	 * `any`: an object or a list (requests whose operation states nothing more). `unchecked`: the
	 * body as sent, parsed when it is JSON, else its text; only for callers that read the answer
	 * strictly themselves (the triggers, which must tell an unreadable list from an empty one in
	 * their own words).
	 */
	shape: 'object' | 'list' | 'any' | 'unchecked';
	/**
	 * The operation, for errors: "Spam Test → Get" (the action node's item handle fills it in from
	 * the operation run).
	 */
	operation?: string;
	/** In words, for errors: "a spam test (with public_id)". */
	what: string;
	/**
	 * Objects: at least one of these fields must be present (the fields that make it this answer).
	 */
	keys?: string[];
	/** Lists: a key an object may wrap the list in, beyond data/items/results. */
	wrapper?: string;
	/** Lists: entries may be texts too (undocumented shapes such as aliases as bare addresses). */
	itemsMayBeText?: boolean;
	/**
	 * A 2xx without a body (204, or an empty 200) means done. Only where the documentation allows it
	 * (the service's deletes): elsewhere an empty answer is refused, since it says nothing about what
	 * happened.
	 */
	emptyMeansDone?: boolean;
}

/**
 * What orders creates among items run side by side (shared/itemGate.ts): `turn` resolves once item
 * `itemIndex` may send its create, and rejects when it must not. Declared here so the transport
 * needs nothing of its caller.
 */
export interface CreateGate {
	turn(itemIndex: number): Promise<void>;
}

/** An answer as n8n's request helper returns it with `returnFullResponse`. */
export interface RawResponse {
	statusCode: number;
	statusMessage?: string;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

/** A header of an answer by name, whatever its case (the first value of a repeated one). */
export function headerOf(response: RawResponse, name: string): string | undefined {
	const found = Object.entries(response.headers ?? {}).find(([k]) => k.toLowerCase() === name);
	const value = found?.[1];
	return Array.isArray(value) ? value[0] : value;
}
