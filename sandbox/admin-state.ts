/**
 * What the admin side keeps beside the resources: request, SMTP, delivery and misbehaving-answer logs, faults,
 * answer rules, login failures and the settings a test can change (BEHAVIOUR.md "Admin API").
 */
import type { ProjectKey } from './resources';

export interface RequestLogEntry {
	seq: number;
	at: string;
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
	headerForm: 'bearer' | 'raw' | 'missing';
	project: ProjectKey | null;
	userAgent: string | null;
	status: number | null;
}

export type FaultKind = '429' | '500' | '503' | 'reset' | 'latency' | 'processed500';

export interface Fault {
	kind: FaultKind;
	/** Remaining matching requests it applies to (null with a rate and no count: unlimited). */
	remaining: number | null;
	rate: number | null;
	retryAfter: string | null;
	latencyMs: number;
	method: string | null;
	path: string | null;
}

/** A misbehaving answer kind (misbehave.ts, BEHAVIOUR.md "Misbehaving answers"). */
export type AnswerKind =
	| 'as-is'
	| 'html'
	| 'html-502'
	| 'empty'
	| '204'
	| 'null'
	| 'string'
	| 'wrong-type'
	| 'cut'
	| 'trickle'
	| 'booleans-as-text'
	| 'booleans-as-numbers'
	| 'numbers-as-text'
	| 'message-object'
	| 'message-array'
	| 'php-warning'
	| 'xssi'
	| 'error-200'
	| 'success-false'
	| 'bom'
	| 'login-redirect'
	| 'text-plain'
	| 'given'
	| 'with-fields';

export interface AnswerRule {
	kind: AnswerKind;
	/** Method it applies to (null: any). */
	method: string | null;
	/** Path pattern below /api/v1 (`/alerts/:id`, `/accounts/*`; null: every path). */
	path: string | null;
	/** Remaining matching requests (null: until cleared). */
	remaining: number | null;
	/** Whether the request is carried out before its answer is replaced. */
	perform: boolean;
	/** `trickle`: milliseconds between two bytes. */
	intervalMs: number;
	/** Only requests made with this API key (an extra key, admin /keys), so tests sharing a sandbox keep apart. */
	apiKey: string | null;
	/** Free text copied into the log of the answers it produced. */
	label: string | null;
	/** `given`: the JSON body answered with a 200. */
	body?: unknown;
	/** `with-fields`: fields added to every object of the route's answer. */
	fields?: Record<string, unknown>;
}

/** What a misbehaving answer sent, for tests that compare a client's output with it. */
export interface MisanswerLogEntry {
	at: string;
	method: string;
	path: string;
	kind: AnswerKind;
	label: string | null;
	status: number;
	contentType: string | null;
	body: string;
}

export interface SmtpMessage {
	from: string | null;
	to: string[];
	subject: string | null;
	text: string;
	matchedPublicIds: string[];
	at: string;
}

export interface DeliveryLogEntry {
	eventId: string;
	event: string;
	alertId: number;
	url: string;
	copy: number;
	attempt: number;
	status: number | null;
	error: string | null;
	at: string;
	/** From sending the request to the whole answer (or to the timeout / connection error), in ms. */
	ms: number;
}

/** What list endpoints do with `per_page`: use it (1..100), ignore it (their own page size), or cap it at `perPageCap`. */
type PerPageMode = 'honour' | 'ignore' | 'cap';

export interface Settings {
	duplicateDeliveries: boolean;
	latencyMs: number;
	perPageMode: PerPageMode;
	perPageCap: number;
	deliveryTimeoutMs: number;
	deliveryRetryDelaysMs: number[];
	/** How long after POST /accounts/{id}/reconnect the account's connection is restored. */
	reconnectDelayMs: number;
	/** How long after the sandbox's SMTP took a message its copies count for the spam test (0: at once). */
	seedDelayMs: number;
	/** Accounts a batch task acts on without writing a log line about them (a test mode: logs are not documented). */
	unloggedAccounts: number[];
}

/** An admin-made login failure for POST /imap_auth (and reconnects): any email when `email` is null. */
export interface LoginFailure {
	email: string | null;
	imap: boolean;
	smtp: boolean;
	error: string | null;
}
