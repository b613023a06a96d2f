/**
 * The misbehaving mode (admin `POST /__admin/answers`): per route (method + path pattern) the kind of answer the API
 * gives instead of its documented one, as proxies, gateways, web apps at a wrong address and PHP-style backends do.
 * Unlike injected faults (faults.ts, before auth), an answer rule acts on the answer: by default the request is
 * carried out (a create creates) and only what comes back is changed, so clients are proven against the worst case
 * (something happened, the answer does not say so). `perform: false` answers without carrying the request out.
 * The kinds are described in BEHAVIOUR.md ("Misbehaving answers").
 */
import type * as http from 'node:http';
import type { Reply } from './api';
import type { AnswerKind, AnswerRule, MisanswerLogEntry } from './admin-state';
import type { Store } from './store';

export const ANSWER_KINDS: AnswerKind[] = [
	'as-is',
	'html',
	'html-502',
	'empty',
	'204',
	'null',
	'string',
	'wrong-type',
	'cut',
	'trickle',
	'booleans-as-text',
	'booleans-as-numbers',
	'numbers-as-text',
	'message-object',
	'message-array',
	'php-warning',
	'xssi',
	'error-200',
	'success-false',
	'bom',
	'login-redirect',
	'text-plain',
];

/**
 * Kinds whose answer the rule itself spells out, for checks that need one particular answer rather than every kind
 * on every operation (the misbehaving-service matrix runs ANSWER_KINDS only): `given` answers 200 with the rule's
 * `body`, `with-fields` the route's answer with the rule's `fields` added to every object in it.
 */
export const SHAPED_KINDS: AnswerKind[] = ['given', 'with-fields'];

/** Where the login page of `login-redirect` lives (outside /api/v1, as a web app's would). */
export const LOGIN_PATH = '/login';

/**
 * Whether a rule's path pattern fits a path below /api/v1: segments compared one by one, `:name` fits any one
 * segment, a final `*` fits any rest (also none); no pattern fits every path.
 */
export function patternFits(pattern: string | null, path: string): boolean {
	if (pattern === null || pattern === '*') return true;
	const want = pattern.split('/').filter((s) => s !== '');
	const have = path.split('/').filter((s) => s !== '');
	for (let i = 0; i < want.length; i++) {
		if (want[i] === '*' && i === want.length - 1) return true;
		if (i >= have.length) return false;
		if (!want[i].startsWith(':') && want[i] !== have[i]) return false;
	}
	return want.length === have.length;
}

/** The first rule for this request, its count used up (removed at zero); null when none applies. */
export function takeAnswerRule(
	store: Store,
	method: string,
	path: string,
	apiKey: string | null,
): AnswerRule | null {
	for (const rule of store.answerRules) {
		if (rule.apiKey !== null && rule.apiKey !== apiKey) continue;
		if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) continue;
		if (!patternFits(rule.path, path)) continue;
		if (rule.remaining !== null) {
			rule.remaining--;
			if (rule.remaining <= 0) store.answerRules.splice(store.answerRules.indexOf(rule), 1);
		}
		return rule;
	}
	return null;
}

const WEB_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Deliverability – Dashboard</title><link rel="stylesheet" href="/static/app.css"></head>
<body><div id="app"><noscript>You need to enable JavaScript to run this app.</noscript></div>
<script src="/static/app.js"></script></body>
</html>
`;

const GATEWAY_PAGE = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.24.0</center>
</body>
</html>
`;

const LOGIN_PAGE = `<!DOCTYPE html>
<html><head><title>Sign in – Deliverability</title></head>
<body><form method="post" action="/login"><input name="email"><input name="password" type="password"><button>Sign in</button></form></body>
</html>
`;

const PHP_WARNING = `<br />
<b>Warning</b>:  Undefined array key "locale" in <b>/var/www/api/src/Controller.php</b> on line <b>42</b><br />
`;

/** Every value of a JSON tree passed through `leaf` (objects and arrays keep their shape). */
function mapLeaves(value: unknown, leaf: (v: unknown) => unknown): unknown {
	if (Array.isArray(value)) return value.map((v) => mapLeaves(v, leaf));
	if (value && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf)]));
	return leaf(value);
}

/** A JSON tree with `fields` added to every object in it (lists and nested objects included). */
function withFields(value: unknown, fields: Record<string, unknown>): unknown {
	if (Array.isArray(value)) return value.map((v) => withFields(v, fields));
	if (value && typeof value === 'object')
		return {
			...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withFields(v, fields)])),
			...fields,
		};
	return value;
}

/** The wrong JSON type for what the route answered: `[]` for an object, an object (its first item, or `{}`) for a list. */
function wrongType(body: unknown): unknown {
	if (Array.isArray(body))
		return body.length > 0 && body[0] && typeof body[0] === 'object' ? body[0] : {};
	return [];
}

interface Written {
	status: number;
	contentType: string | null;
	text: string;
	headers?: Record<string, string>;
}

/** A reply's body as JSON text; a reply without one (204) is the empty text, so every rule can act on it. */
function jsonText(body: unknown): string {
	return body === undefined ? '' : JSON.stringify(body);
}

/** What a rule makes of the route's reply (null when the request was not carried out: `perform: false`). */
export function misanswer(rule: AnswerRule, reply: Reply | null, requestPath: string): Written {
	const real = reply ?? { status: 200, body: {} };
	const json = jsonText(real.body);
	const jsonType = 'application/json; charset=utf-8';
	/** The real answer with every leaf of its body passed through `leaf` (the retyping kinds). */
	const leavesMapped = (leaf: (v: unknown) => unknown): Written => ({
		status: real.status,
		contentType: jsonType,
		text: jsonText(mapLeaves(real.body, leaf)),
	});
	switch (rule.kind) {
		case 'html':
			return { status: 200, contentType: 'text/html; charset=utf-8', text: WEB_PAGE };
		case 'html-502':
			return { status: 502, contentType: 'text/html', text: GATEWAY_PAGE };
		case 'empty':
			return { status: 200, contentType: jsonType, text: '' };
		case '204':
			return { status: 204, contentType: null, text: '' };
		case 'null':
			return { status: 200, contentType: jsonType, text: 'null' };
		case 'string':
			return { status: 200, contentType: jsonType, text: '"OK"' };
		case 'wrong-type':
			return {
				status: real.status,
				contentType: jsonType,
				text: jsonText(wrongType(real.body)),
			};
		case 'cut':
			return {
				status: real.status,
				contentType: jsonType,
				text: json.slice(0, Math.max(1, Math.floor(json.length / 2))),
			};
		case 'as-is':
			return { status: real.status, contentType: jsonType, text: json };
		case 'trickle':
		case 'text-plain':
			return {
				status: real.status,
				contentType: rule.kind === 'trickle' ? jsonType : 'text/plain; charset=utf-8',
				text: json,
			};
		case 'booleans-as-text':
			return leavesMapped((v) => (typeof v === 'boolean' ? String(v) : v));
		case 'booleans-as-numbers':
			return leavesMapped((v) => (typeof v === 'boolean' ? Number(v) : v));
		case 'numbers-as-text':
			return leavesMapped((v) => (typeof v === 'number' ? String(v) : v));
		case 'message-object':
			return {
				status: 422,
				contentType: jsonType,
				text: JSON.stringify({
					message: { name: ['is too long'], events: ['must not be empty'] },
					code: 'validation_failed',
				}),
			};
		case 'message-array':
			return {
				status: 422,
				contentType: jsonType,
				text: JSON.stringify({ message: ['name is too long', 'events must not be empty'] }),
			};
		case 'php-warning':
			return {
				status: real.status,
				contentType: 'text/html; charset=UTF-8',
				text: PHP_WARNING + json,
			};
		case 'xssi':
			return { status: real.status, contentType: jsonType, text: `)]}',\n${json}` };
		case 'error-200':
			return {
				status: 200,
				contentType: jsonType,
				text: JSON.stringify({ error: 'Internal error: the database connection was lost' }),
			};
		case 'success-false':
			return {
				status: 200,
				contentType: jsonType,
				text: JSON.stringify({ success: false, message: 'The request could not be processed' }),
			};
		case 'bom':
			return { status: real.status, contentType: jsonType, text: `\uFEFF${json}` };
		case 'given':
			return { status: 200, contentType: jsonType, text: jsonText(rule.body ?? null) };
		case 'with-fields':
			return {
				status: real.status,
				contentType: jsonType,
				text: jsonText(withFields(real.body, rule.fields ?? {})),
			};
		case 'login-redirect':
			return {
				status: 302,
				contentType: 'text/html; charset=utf-8',
				text: '',
				headers: { location: `${LOGIN_PATH}?next=${encodeURIComponent(`/api/v1${requestPath}`)}` },
			};
	}
}

/** Writes a misbehaving answer (a trickle one byte every `intervalMs`) and logs what was sent. */
export async function sendMisanswer(
	res: http.ServerResponse,
	store: Store,
	rule: AnswerRule,
	written: Written,
	entry: { method: string; path: string },
): Promise<void> {
	const logged: MisanswerLogEntry = {
		at: new Date().toISOString(),
		method: entry.method,
		path: entry.path,
		kind: rule.kind,
		label: rule.label,
		status: written.status,
		contentType: written.contentType,
		body: written.text,
	};
	store.misanswerLog.push(logged);
	if (store.misanswerLog.length > 10_000) store.misanswerLog.shift();
	const headers: Record<string, string> = { ...(written.headers ?? {}) };
	if (written.contentType) headers['content-type'] = written.contentType;
	const bytes = Buffer.from(written.text, 'utf8');
	if (written.status !== 204) headers['content-length'] = String(bytes.length);
	res.writeHead(written.status, headers);
	if (rule.kind !== 'trickle') {
		res.end(written.status === 204 ? undefined : bytes);
		return;
	}
	for (let i = 0; i < bytes.length; i++) {
		if (res.destroyed) return;
		res.write(bytes.subarray(i, i + 1));
		await new Promise((resolve) => setTimeout(resolve, rule.intervalMs));
	}
	res.end();
}

/** The web app's login page a `login-redirect` points at. */
export function loginPage(res: http.ServerResponse): void {
	res.writeHead(200, {
		'content-type': 'text/html; charset=utf-8',
		'content-length': Buffer.byteLength(LOGIN_PAGE),
	});
	res.end(LOGIN_PAGE);
}
