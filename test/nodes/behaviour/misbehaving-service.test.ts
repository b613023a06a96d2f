/**
 * Every operation of the action node and both triggers against every kind of misbehaving answer the sandbox can give
 * (sandbox/BEHAVIOUR.md, "Misbehaving answers"): a web page, an empty body, null, the wrong JSON type, a cut-off or
 * trickling body, booleans and numbers as text, a 200 {error}, a redirect to a sign-in page, … One sandbox for all
 * cases; each case has an API key of its own and a rule for that key only, so cases run side by side.
 *
 * Each case ends in one of:
 * - handled: correct items (every field of every item is a field the service sent, with that value, allowing the
 *   tolerated spellings of nodes/shared/lenient.ts) or a clear error (NodeApiError / NodeOperationError);
 * - crash: an error from JavaScript itself (reading a property of null, JSON.parse's message, …);
 * - hang: no outcome within the case limit;
 * - invented: a green item with a field or value the service did not send;
 * - duplicate: a create carried out twice (or a second alert for one webhook trigger);
 * - emptied: a list operation (one with Return All / Limit) that gave no item and no error although the service sent
 *   no empty list: "none" where the service said nothing readable.
 * Crashes, hangs, invented, duplicates and emptied must all be 0. The matrix is printed (operation × kind).
 */
import * as http from 'node:http';

import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { DeliverabilityNotificationTrigger } from '../../../nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node';
import { DeliverabilityAlertTrigger } from '../../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';
import { queryParam } from '../../../nodes/DeliverabilityAlertTrigger/hookUrl';
import { retryPolicy } from '../../../nodes/shared/transport';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { ANSWER_KINDS } from '../../../sandbox/misbehave';
import type { AnswerKind, MisanswerLogEntry } from '../../../sandbox/admin-state';
import {
	operationsOf,
	parametersFor,
	SAMPLES,
	sampleIds,
	showsFor,
	type Ids,
} from '../../../support/output-schemas';
import { runNode } from '../../../support/harness';
import { pollHarness } from '../../../support/poll-harness';
import { triggerHarness } from '../../../support/trigger-harness';

/**
 * Milliseconds between two bytes of a trickle. Lists are asked for 2 items, so answers are a few KB at most: on a
 * quiet machine most arrive within the time limit below, on a busy one they run out and end in the limit's error
 * (reads after their retries). Either is handled; answer-time-limit.test.ts proves both paths on their own.
 */
const TRICKLE_MS = 1;
/** The per-answer time limit the cases run with (credential field): a trickling read ends within ~12 s. */
const ANSWER_LIMIT_SECONDS = 2;
/** A case without an outcome after this long is a hang. */
const CASE_LIMIT_MS = 60_000;
/** Cases in flight at once. */
const CONCURRENCY = 24;

const WEBHOOK_BASE = 'http://127.0.0.1:5678/webhook';

type Outcome = 'ok' | 'error' | 'crash' | 'hang' | 'invented' | 'duplicate' | 'emptied';

interface CaseResult {
	name: string;
	kind: AnswerKind;
	outcome: Outcome;
	detail: string;
}

interface Case {
	name: string;
	/** Limits the rule to one route (method + pattern); all routes of the case's key otherwise. */
	route?: { method: string; path: string };
	/** A list operation: no item and no error is handled only when the service sent an empty list. */
	list?: boolean;
	run(
		key: string,
		label: string,
	): Promise<{ items: IDataObject[]; error?: Error; duplicates: number; checkItems: boolean }>;
}

let sandbox: Sandbox;
let ids: Ids;
const saved = { ...retryPolicy };
let keySeq = 0;
/** Accounts made for Mailbox → Delete cases: their own count, since cases run side by side and read keySeq at any time. */
let accountsMade = 0;

/** One HTTP call without keep-alive (a reused socket the sandbox already closed would fail the call). */
function call<T>(
	url: string,
	method: string,
	body?: unknown,
	headers: Record<string, string> = {},
): Promise<{ status: number; data: T }> {
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{ method, agent: false, headers: { 'content-type': 'application/json', ...headers } },
			(res) => {
				const parts: Buffer[] = [];
				res.on('data', (c: Buffer) => parts.push(c));
				res.on('end', () => {
					const text = Buffer.concat(parts).toString('utf8');
					resolve({
						status: res.statusCode ?? 0,
						data: (text === '' ? undefined : JSON.parse(text)) as T,
					});
				});
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end(body === undefined ? undefined : JSON.stringify(body));
	});
}

async function admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
	const res = await call<T>(`${sandbox.adminUrl}${path}`, method, body);
	if (res.status >= 400)
		throw new Error(`admin ${method} ${path}: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data;
}

/** A direct API call with project A's own key (fixtures: never touched by a case's rule). */
async function api<T = IDataObject>(method: string, path: string, body?: unknown): Promise<T> {
	const res = await call<T>(`${sandbox.baseUrl}${path}`, method, body, {
		'X-Api-Key': sandbox.apiKeys.A,
	});
	if (res.status >= 400)
		throw new Error(`sandbox ${method} ${path}: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data;
}

function credentialsFor(
	key: string,
	extra?: Record<string, ICredentialDataDecryptedObject>,
): Record<string, ICredentialDataDecryptedObject> {
	return {
		deliverabilityApi: {
			apiKey: key,
			baseUrl: sandbox.baseUrl,
			headerForm: 'bearer',
			timeout: ANSWER_LIMIT_SECONDS,
		},
		...extra,
	};
}

/** The answers the sandbox sent to one case, as a client that tolerates BOM, XSSI prefix and text/plain reads them. */
async function sentTo(label: string): Promise<MisanswerLogEntry[]> {
	return await admin<MisanswerLogEntry[]>('GET', `/answers/log?label=${encodeURIComponent(label)}`);
}

/** Whether an answer's text is an empty list: `[]`, or an object whose one array is empty. */
function emptyList(text: string): boolean {
	const value = parseLoosely(text);
	if (Array.isArray(value)) return value.length === 0;
	if (!value || typeof value !== 'object') return false;
	const lists = Object.values(value).filter(Array.isArray);
	return lists.length === 1 && lists[0].length === 0;
}

function parseLoosely(text: string): unknown {
	const stripped = text.replace(/^\uFEFF/, '').replace(/^\)\]\}',?\s*/, '');
	try {
		return JSON.parse(stripped);
	} catch {
		return undefined;
	}
}

/** A value as the tolerant reader sees it: "true"/1 and true alike, "12" and 12 alike. */
function norm(value: unknown): string[] {
	if (value === null || value === undefined) return ['null'];
	if (typeof value === 'boolean') return [String(value)];
	if (typeof value === 'number')
		return value === 1 ? ['1', 'true'] : value === 0 ? ['0', 'false'] : [String(value)];
	const text = String(value).trim();
	if (/^-?\d+(\.\d+)?$/.test(text))
		return [String(Number(text)), ...(text === '1' ? ['true'] : text === '0' ? ['false'] : [])];
	if (/^(true|false)$/i.test(text)) return [text.toLowerCase()];
	return [text];
}

/** key → every value (normalised) seen under that key anywhere in these bodies. */
function leavesOf(values: unknown[]): Map<string, Set<string>> {
	const out = new Map<string, Set<string>>();
	const add = (key: string, v: string) => {
		if (!out.has(key)) out.set(key, new Set());
		out.get(key)!.add(v);
	};
	const walk = (value: unknown, key: string) => {
		if (Array.isArray(value)) {
			add(key, '[]');
			for (const v of value) walk(v, key);
		} else if (value && typeof value === 'object') {
			add(key, '{}');
			for (const [k, v] of Object.entries(value)) walk(v, k);
		} else for (const n of norm(value)) add(key, n);
	};
	for (const v of values) walk(v, '');
	return out;
}

/**
 * Fields the node adds on purpose, documented in docs/behaviour.md and docs/operations.md: the wait's outcome (and Mailbox → Reconnect's verdict
 * on the account the service sent), and what was asked for (Get Graph's metric and category).
 */
const NODE_FIELDS = new Set(['_waitTimedOut', '_polls', 'reconnected', 'metric', 'category']);

/** Ids the node repeats from the request (the account or alert it was asked about): allowed when the request had them. */
const ECHO_KEYS = new Set(['id', 'account_id']);

/** The addresses Email Workspace → Import Mailboxes asks to import in this matrix (its sample parameters). */
const importSample = SAMPLES['emailWorkspace.importAccounts']?.parameters;
const IMPORT_ADDRESSES = new Set(
	String((typeof importSample === 'object' ? importSample.accounts : '') ?? '').split(/\s*,\s*/),
);

/** Whether every text or number inside `value` is among the values the service sent (under any field). */
function allSent(value: unknown, sent: Map<string, Set<string>>): boolean {
	if (value === null || value === undefined) return true;
	if (Array.isArray(value)) return value.every((v) => allSent(v, sent));
	if (typeof value === 'object') return Object.values(value).every((v) => allSent(v, sent));
	return norm(value).some((n) => [...sent.values()].some((set) => set.has(n)));
}

/**
 * Fields the node derives from what the service sent (documented in the operation's file): Spam Test → Create's
 * seed addresses joined for a Send Email node, and their count; Import Mailboxes' `failed` (the service's errors or
 * failed task log lines, each {email, reason}, only when it sent errors or logs) and `imported` (addresses the node
 * asked to import, only when the service answered whether the import completed). Derived from nothing, they are
 * invented.
 */
const DERIVED: Record<string, (value: unknown, sent: Map<string, Set<string>>) => boolean> = {
	seed_emails: (value, sent) =>
		typeof value === 'string' &&
		value !== '' &&
		value.split(',').every((e) => sent.get('email')?.has(e)),
	seed_count: (value, sent) =>
		typeof value === 'number' && value > 0 && (sent.get('email')?.size ?? 0) >= value,
	failed: (value, sent) =>
		Array.isArray(value) && (sent.has('errors') || sent.has('logs')) && allSent(value, sent),
	imported: (value, sent) =>
		Array.isArray(value) &&
		sent.has('completed') &&
		value.every((v) => typeof v === 'string' && IMPORT_ADDRESSES.has(v)),
};

/** The first field of these items that the service did not send (name = value), or undefined. */
function invented(
	items: IDataObject[],
	sent: Map<string, Set<string>>,
	asked: Set<string>,
): string | undefined {
	let found: string | undefined;
	const walk = (value: unknown, key: string) => {
		if (found) return;
		if (NODE_FIELDS.has(key)) return;
		if (DERIVED[key]) {
			if (!DERIVED[key](value, sent)) found = `${key} = ${JSON.stringify(value)}`;
			return;
		}
		if (Array.isArray(value)) {
			if (!sent.get(key)?.has('[]')) found = `${key} = [...]`;
			for (const v of value) walk(v, key);
		} else if (value && typeof value === 'object') {
			if (key !== '' && !sent.get(key)?.has('{}')) found = `${key} = {...}`;
			for (const [k, v] of Object.entries(value)) walk(v, k);
		} else if (
			!norm(value).some((n) => sent.get(key)?.has(n)) &&
			!(ECHO_KEYS.has(key) && asked.has(String(value)))
		) {
			found = `${key} = ${JSON.stringify(value)}`;
		}
	};
	for (const item of items) walk(item, '');
	return found;
}

const CRASH =
	/Cannot read propert|is not a function|is not iterable|of undefined|of null|Unexpected token|Unexpected end of JSON|is not valid JSON|JSON at position/;

/** POST routes that create something (a second one is a duplicate create). */
const CREATE_PATHS = [
	/^\/spam_tests$/,
	/^\/automated_tests$/,
	/^\/alerts$/,
	/^\/imap_auth$/,
	/^\/accounts\/batch$/,
	/^\/email_workspaces$/,
];

function createsIn(log: MisanswerLogEntry[]): number {
	const counts = new Map<string, number>();
	for (const e of log)
		if (e.method === 'POST' && CREATE_PATHS.some((p) => p.test(e.path)))
			counts.set(e.path, (counts.get(e.path) ?? 0) + 1);
	return [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
}

/** Parameters beyond the sample ones: raw output (simplified shapes are derived, not sent) and per-case fixtures. */
const description = new Deliverability().description;

async function actionParameters(resource: string, operation: string): Promise<INodeParameters> {
	const base = parametersFor(description, resource, operation, ids);
	// Lists: two items (a small answer; the walk's own tests cover long lists).
	const params: INodeParameters = {
		...base,
		simplify: false,
		returnAll: false,
		limit: 2,
		output: 'raw',
	};
	const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
	if (resource === 'account' && operation === 'delete') {
		const made = await api('POST', '/imap_auth', {
			email: `gone.${++accountsMade}@example-mail.com`,
			first_name: 'Gone',
			last_name: 'Soon',
			provider: 'gmail',
			password: 'dummy-pass',
		});
		params.accountId = byId(made.id as number);
	}
	if (resource === 'alert' && (operation === 'delete' || operation === 'update')) {
		const made = await api('POST', '/alerts', {
			channel: 'HOOK_URL',
			hook_url: 'https://hooks.example.com/matrix',
			events: ['ACCOUNT_DISCONNECTED'],
			active: true,
		});
		params.alertId = byId(made.id as number);
	}
	return params;
}

function actionCase(
	resource: string,
	operation: string,
	extra: INodeParameters = {},
	suffix = '',
): Case {
	return {
		name: `${resource}.${operation}${suffix}`,
		list: description.properties.some(
			(p) => p.name === 'returnAll' && showsFor(p, resource, operation),
		),
		async run(key, label) {
			const parameters = { ...(await actionParameters(resource, operation)), ...extra };
			const result = await runNode({
				nodeType: new Deliverability(),
				parameters,
				credentials: credentialsFor(key, SAMPLES[`${resource}.${operation}`]?.credentials),
			});
			const log = await sentTo(label);
			return {
				items: result.items.map((i) => i.json),
				error: result.error,
				duplicates: createsIn(log),
				checkItems: true,
			};
		},
	};
}

/** Webhook trigger: activation as n8n does it (checkExists, create when false), retried twice, then a restart; a delivery. */
function webhookCase(route?: { method: string; path: string }, suffix = ''): Case {
	return {
		name: `trigger.activate${suffix}`,
		route,
		async run(key, label) {
			// Nothing of the API key in what the service echoes (the node redacts the key from every answer).
			const webhookId = `wh-${label.replace(/[^a-z0-9]+/gi, '-')}-${keySeq}`;
			const harnessFor = (staticData?: IDataObject) =>
				triggerHarness({
					nodeType: new DeliverabilityAlertTrigger(),
					parameters: { events: ['ACCOUNT_DISCONNECTED'], customEvents: '', options: {} },
					credentials: credentialsFor(key),
					webhookBaseUrl: WEBHOOK_BASE,
					webhookId,
					staticData,
				});
			let h = harnessFor();
			let error: Error | undefined;
			let active = false;
			// n8n retries a failed activation, and a restart activates again with the saved static data.
			for (let attempt = 0; attempt < 4 && !active; attempt++) {
				if (attempt === 3)
					h = harnessFor(JSON.parse(JSON.stringify(h.workflow.staticData)) as IDataObject);
				try {
					active = (await h.checkExists()) || (await h.create());
					error = undefined;
				} catch (e) {
					error = e as Error;
				}
			}
			const ours = (
				await admin<Array<{ id: number; hook_url: string | null }>>('GET', '/alerts?project=A')
			).filter((a) => (a.hook_url ?? '').includes(`/${webhookId}/`));
			const items: IDataObject[] = [];
			if (active && !error) {
				const secret = queryParam(ours[0]?.hook_url ?? '', 'secret');
				const answer = await h.webhook({
					body: {
						id: `evt_${webhookId}`,
						event: 'ACCOUNT_DISCONNECTED',
						account_id: 1,
						content: 'matrix',
					},
					query: { secret: secret ?? '' },
				});
				const emitted = (answer.workflowData ?? []).flat().map((i) => i.json);
				if (emitted.length !== 1)
					error = new Error(
						`delivery after activation: ${emitted.length} items, status ${String(answer.status)}`,
					);
				else items.push(...emitted);
			}
			return { items, error, duplicates: Math.max(0, ours.length - 1), checkItems: false };
		},
	};
}

/** Polling trigger: Fetch Test Event, then two scheduled polls with a notification opened between them. */
function pollCase(): Case {
	return {
		name: 'notificationTrigger.poll',
		async run(key, label) {
			const h = pollHarness({
				nodeType: new DeliverabilityNotificationTrigger(),
				parameters: { events: [], customEvents: '', filters: {}, options: {} },
				credentials: credentialsFor(key),
				workflowId: `matrix-poll-${label}`,
			});
			const items: IDataObject[] = [];
			try {
				for (const run of [() => h.fetchTestEvent(), () => h.poll()]) {
					const out = await run();
					for (const item of out?.[0] ?? []) items.push(item.json);
				}
				await admin('POST', '/notifications', {
					project: 'A',
					event: 'DOMAIN_EXPIRING_SOON',
					content: `matrix ${label}`,
				});
				for (const item of (await h.poll())?.[0] ?? []) items.push(item.json);
			} catch (e) {
				return { items, error: e as Error, duplicates: 0, checkItems: true };
			}
			return { items, duplicates: 0, checkItems: true };
		},
	};
}

function cases(): Case[] {
	const all: Case[] = operationsOf(description).map(({ resource, operation }) =>
		actionCase(resource, operation),
	);
	const wait = {
		waitForCompletion: true,
		pollInterval: 1,
		timeoutMinutes: 0.1,
		onTimeout: 'error',
	};
	all.push(
		actionCase('spamTest', 'get', wait, ' (wait)'),
		actionCase('task', 'get', { ...wait, timeoutMinutes: 0.15 }, ' (wait)'),
	);
	all.push(
		webhookCase(),
		webhookCase({ method: 'POST', path: '/alerts' }, ' (create answer only)'),
		webhookCase({ method: 'GET', path: '/alerts' }, ' (list answer only)'),
		pollCase(),
	);
	return all;
}

async function runCase(c: Case, kind: AnswerKind): Promise<CaseResult> {
	const key = `matrix-key-${++keySeq}`;
	const label = `${c.name} × ${kind}`;
	await admin('POST', '/keys', { apiKey: key });
	await admin('POST', '/answers', {
		kind,
		apiKey: key,
		label,
		intervalMs: TRICKLE_MS,
		...(c.route ?? {}),
	});
	let timer: NodeJS.Timeout | undefined;
	const limit = new Promise<'hang'>(
		(resolve) => (timer = setTimeout(() => resolve('hang'), CASE_LIMIT_MS)),
	);
	try {
		const result = await Promise.race([c.run(key, label), limit]);
		if (result === 'hang')
			return {
				name: c.name,
				kind,
				outcome: 'hang',
				detail: `no outcome within ${CASE_LIMIT_MS / 1000} s`,
			};
		if (result.duplicates > 0)
			return {
				name: c.name,
				kind,
				outcome: 'duplicate',
				detail: `${result.duplicates} extra create(s): send its create with kind: 'create' and its creates wording, never repeated`,
			};
		if (result.error) {
			const message = `${result.error.message} ${(result.error as { description?: string }).description ?? ''}`;
			const known =
				['NodeApiError', 'NodeOperationError'].includes(result.error.constructor.name) ||
				['NodeApiError', 'NodeOperationError'].includes(result.error.name);
			if (!known || CRASH.test(message))
				return {
					name: c.name,
					kind,
					outcome: 'crash',
					detail: `${result.error.name}: ${result.error.message}`,
				};
			return { name: c.name, kind, outcome: 'error', detail: result.error.message };
		}
		if (result.checkItems) {
			const log = await sentTo(label);
			const sent = leavesOf(log.map((e) => parseLoosely(e.body)));
			const asked = new Set(
				log.flatMap((e) => e.path.split('/').filter((segment) => /^\d+$/.test(segment))),
			);
			const wrong = result.items.some((i) => i === null || typeof i !== 'object')
				? 'an item that is not an object'
				: invented(result.items, sent, asked);
			if (wrong) return { name: c.name, kind, outcome: 'invented', detail: wrong };
			if (c.list && result.items.length === 0 && !log.some((e) => emptyList(e.body)))
				return {
					name: c.name,
					kind,
					outcome: 'emptied',
					detail: `no item and no error, yet the service sent no empty list: give its request an answer fact of shape 'list' (nodes/Deliverability/resources/${c.name.split(' ')[0].replace('.', '/')}.ts), so what is not a list is refused`,
				};
		}
		return { name: c.name, kind, outcome: 'ok', detail: `${result.items.length} item(s)` };
	} catch (e) {
		return {
			name: c.name,
			kind,
			outcome: 'crash',
			detail: `thrown past the harness: ${(e as Error).message}`,
		};
	} finally {
		clearTimeout(timer);
	}
}

async function inParallel<T, R>(
	inputs: T[],
	limit: number,
	fn: (input: T) => Promise<R>,
): Promise<R[]> {
	const out = new Array<R>(inputs.length);
	let next = 0;
	const worker = async () => {
		while (next < inputs.length) {
			const i = next++;
			out[i] = await fn(inputs[i]);
		}
	};
	await Promise.all(Array.from({ length: limit }, worker));
	return out;
}

const SYMBOL: Record<Outcome, string> = {
	ok: '.',
	error: 'e',
	crash: 'C',
	hang: 'H',
	invented: 'I',
	duplicate: 'D',
	emptied: '0',
};

function matrix(results: CaseResult[], kinds: AnswerKind[]): string {
	const names = [...new Set(results.map((r) => r.name))];
	const width = Math.max(...names.map((n) => n.length));
	const lines = [
		`${' '.repeat(width)}  ${kinds.map((_, i) => String.fromCharCode(97 + (i % 26))).join('')}`,
	];
	for (const name of names) {
		lines.push(
			`${name.padEnd(width)}  ${kinds.map((k) => SYMBOL[results.find((r) => r.name === name && r.kind === k)!.outcome]).join('')}`,
		);
	}
	lines.push('', kinds.map((k, i) => `${String.fromCharCode(97 + (i % 26))} ${k}`).join(' · '));
	lines.push(
		'. handled with items · e handled with a clear error · C crash · H hang · I invented output · D duplicate create · 0 a list emptied',
	);
	return lines.join('\n');
}

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, smtpPort: 0 });
	retryPolicy.baseDelayMs = 20;
	ids = await sampleIds(sandbox);
});

afterAll(async () => {
	Object.assign(retryPolicy, saved);
	await sandbox.close();
});

it('every operation and both triggers, against every kind of misbehaving answer: no crash, hang, invented output or duplicate create', async () => {
	const kinds = ANSWER_KINDS;
	const inputs = cases().flatMap((c) => kinds.map((kind) => ({ c, kind })));
	const started = Date.now();
	const results = await inParallel(
		inputs,
		CONCURRENCY,
		async ({ c, kind }) => await runCase(c, kind),
	);
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
	const bad = results.filter((r) => !['ok', 'error'].includes(r.outcome));
	const summary = `${results.length} cases in ${seconds} s: handled ${count('ok') + count('error')} (${count('ok')} with items, ${count('error')} with an error), crashes ${count('crash')}, hangs ${count('hang')}, invented ${count('invented')}, duplicates ${count('duplicate')}, lists emptied ${count('emptied')}`;
	process.stdout.write(
		`\n${matrix(results, kinds)}\n\n${summary}\n${bad.map((r) => `  ${r.outcome}: ${r.name} × ${r.kind}: ${r.detail}`).join('\n')}\n`,
	);
	expect(bad.map((r) => `${r.outcome}: ${r.name} × ${r.kind}: ${r.detail}`)).toEqual([]);
}, 600_000);
