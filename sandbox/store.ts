/**
 * The sandbox's whole state: two projects and their resources, plus the admin-side logs (requests, SMTP inbox,
 * deliveries), faults and settings. Plain maps keyed by id; every resource carries its project so scoping is one
 * comparison. Insertion order of the maps is creation order, which the list endpoints rely on.
 */
import { mulberry32 } from './util';

export type ProjectKey = 'A' | 'B';
export const PROJECT_KEYS: ProjectKey[] = ['A', 'B'];

export interface Project {
	key: ProjectKey;
	id: number;
	apiKey: string;
	timeZone: string;
	credits: number;
}

export interface Tag {
	id: number;
	name: string;
	/** A tag the provider defines (not the user): it cannot be linked (POST /tags/{id}/link → 422). */
	provider_defined?: boolean;
}

export interface Alias {
	email: string;
	name: string;
}

export interface Account {
	project: ProjectKey;
	id: number;
	created_at: string;
	email: string;
	first_name: string;
	last_name: string;
	provider: string;
	alive: boolean;
	suspended: boolean;
	warming_enabled: boolean;
	spamchecker_enabled: boolean;
	score: number;
	score_gmail: number;
	score_outlook: number;
	score_custom: number;
	total_messages_sent: number;
	total_messages_received: number;
	config_rampup_target: number;
	config_rampup_increase: number;
	config_max_conversation_running: number;
	config_current_conversation_running: number;
	config_smtp_append_after_sent: boolean;
	time_zone: string;
	autopilot: boolean;
	copilot_enabled: boolean;
	has_refresh_token: boolean;
	has_notifications: boolean;
	imap_issue: boolean;
	current_warming_recipe: string;
	detected_sending_provider: string;
	sending_reverse_dns_value: string;
	sending_ip: string;
	signature: string;
	custom_message_content_ref: string;
	desc: string | null;
	tags: Tag[];
	domainId: number;
	aliases: Alias[];
}

export interface Domain {
	project: ProjectKey;
	id: number;
	created_at: string;
	updated_at: string;
	creation_date: string;
	last_check_at: string;
	expire_at: string;
	domain: string;
	spf_valid: boolean;
	dkim_valid: boolean;
	dmarc_valid: boolean;
	spf_value: string;
	dkim_value: string;
	dmarc_value: string;
	dkim_selector: string;
	domain_http_response: boolean;
	domain_https: boolean;
	avg_score: number | null;
	score_change: number;
	mx_records: [string, string, string][];
}

/** From `since` (a UTC date) on, this share of an account's warming messages lands in spam. */
export interface WarmingDrop {
	since: string;
	spamPercent: number;
	/** Only messages to this provider of the other party; all three without it. */
	provider: 'gmail' | 'outlook' | 'others' | null;
	/**
	 * Exact warming: from `since` on, this many messages a day (per provider of the other party), the
	 * ones not in spam all in INBOX, so a test's counts do not depend on the date it runs.
	 */
	sentPerDay: number | null;
	/** Exact warming before `since` too: messages a day and their spam share. */
	before: { sentPerDay: number; spamPercent: number } | null;
}

/** One seed copy that arrived (by SMTP or the admin API). */

export interface Receipt {
	folder: string;
	rawHeaders: string;
	at: string;
}

export interface SpamTest {
	project: ProjectKey;
	publicId: string;
	createdAt: string;
	seedlist: number;
	testType: 'all' | 'btob' | 'btoc';
	paid: boolean;
	completed: boolean;
	completedAt: string | null;
	automated: boolean;
	automatedTestId: number | null;
	isWarming: boolean;
	autofixTriggered: boolean;
	autofixCompleted: boolean;
	account: string | null;
	subject: string | null;
	sender: string | null;
	firstMessageContent: string | null;
	/** Copies received, by seed address. */
	receipts: Map<string, Receipt>;
	/** Result ids by seed address, stable for the life of the test. */
	resultIds: Map<string, number>;
}

export interface Run {
	id: number;
	automated_test_id: number;
	weekday: number;
	last_run_at: string | null;
	created_at: string;
	updated_at: string;
}

export interface AutomatedTest {
	project: ProjectKey;
	id: number;
	key: string;
	subject: string;
	content_text: string;
	content_html: string;
	template_defined: boolean;
	btob: boolean;
	btoc: boolean;
	account_ids: number[];
	repeat_period: 'WEEK' | 'DAY';
	repeat_period_delay: number;
	time_zone: string;
	hour: number;
	utc_hour: number;
	active: boolean;
	last_run_at: string | null;
	created_at: string;
	can_show_run_now: boolean;
	account_day_delta: number;
	seedlist: number;
	runs: Run[];
}

export interface TaskLog {
	/** null for an imported address that did not become an account. */
	account_id: number | null;
	/** The address, in the logs of an email workspace import. */
	email?: string;
	status: 'queued' | 'running' | 'done' | 'failed' | 'skipped';
	message: string;
	at: string;
}

export interface Task {
	project: ProjectKey;
	id: number;
	action: string;
	accountIds: number[];
	/** An email workspace import (action `import`): the addresses and how to connect them. */
	import?: { emails: string[]; spamcheckerOnly: boolean };
	progress: number;
	logs: TaskLog[];
	email_workspace_id: number | null;
}

export interface Alert {
	project: ProjectKey;
	id: number;
	channel: string;
	events: string[];
	active: boolean;
	hook_url: string | null;
	slack_channel_id: number | null;
	automated_test_ids: number[];
}

export interface EmailWorkspace {
	project: ProjectKey;
	id: number;
	name: string;
	created_at: string;
	provider: 'google' | 'outlook';
	outlook_tenant_id: string | null;
	outlook_client_id: string | null;
	outlook_client_secret_expires_at: string | null;
	/** Kept to prove they are stored, never returned. */
	secrets: Record<string, unknown>;
}

/** An open (or closed) notification of a project, as GET /notifications shows the open ones. */
export interface Notification {
	project: ProjectKey;
	id: number;
	level: string;
	event: string;
	account_id: number | null;
	account_email: string | null;
	content: string;
	domain: string | null;
	domain_expire_on: string | null;
	created_at: string;
	open: boolean;
	/** `sandbox`: opened by one of its own events (and closed by it when the cause ends); `admin`: by hand. */
	opened_by: 'sandbox' | 'admin';
}

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

interface SmtpMessage {
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

/** A queued reconnect attempt (POST /accounts/{id}/reconnect), settled when `dueAt` has passed. */
interface ReconnectJob {
	jobId: string;
	accountId: number;
	dueAt: number;
}

interface StoreOptions {
	accounts: number;
	latencyMs: number;
}

/** Request log bound, so a long benchmark cannot exhaust memory (oldest entries dropped first). */
const REQUEST_LOG_LIMIT = 50000;

export class Store {
	projects!: Record<ProjectKey, Project>;
	accounts!: Map<number, Account>;
	domains!: Map<number, Domain>;
	tags!: Record<ProjectKey, Tag[]>;
	spamTests!: Map<string, SpamTest>;
	automatedTests!: Map<number, AutomatedTest>;
	tasks!: Map<number, Task>;
	alerts!: Map<number, Alert>;
	workspaces!: Map<number, EmailWorkspace>;
	notifications!: Map<number, Notification>;
	nextId!: {
		account: Record<ProjectKey, number>;
		domain: number;
		tag: number;
		result: number;
		automatedTest: number;
		run: number;
		task: number;
		alert: number;
		workspace: number;
		notification: number;
		request: number;
	};
	/** Deterministic generator for public ids and keys: the same creates after a (re)start give the same ids. */
	rng!: () => number;
	requestLog!: RequestLogEntry[];
	/**
	 * Connections that carried API requests (`resumed`: HTTPS ones whose TLS session was resumed), since the last
	 * reset or `DELETE /__admin/connections`: whether a client reuses its connections.
	 */
	connections!: { opened: number; resumed: number };
	faults!: Fault[];
	answerRules!: AnswerRule[];
	/** More API keys of a project (admin /keys), so concurrent tests can be told apart by key. */
	extraKeys!: Map<string, ProjectKey>;
	misanswerLog!: MisanswerLogEntry[];
	rateLimitPerSecond!: number | null;
	settings!: Settings;
	smtpInbox!: SmtpMessage[];
	deliveries!: DeliveryLogEntry[];
	loginFailures!: LoginFailure[];
	reconnectJobs!: ReconnectJob[];
	/** Accounts whose connection a reconnect cannot restore (admin). */
	brokenAccounts!: Set<number>;
	/** Warming placement made worse from a day on (admin `POST /accounts/:id/warming`), by account id. */
	warmingDrops!: Map<number, WarmingDrop>;

	/** An empty store; `resetToSeed` (seed.ts) fills it with the seed data. */
	constructor(readonly options: StoreOptions) {
		this.clear();
	}

	/** No resources; logs, faults, settings and credits back to their start values. */
	clear(): void {
		this.projects = {
			A: { key: 'A', id: 1, apiKey: 'dummy-key-project-a', timeZone: 'Europe/Paris', credits: 500 },
			B: {
				key: 'B',
				id: 2,
				apiKey: 'dummy-key-project-b',
				timeZone: 'America/New_York',
				credits: 3,
			},
		};
		this.accounts = new Map();
		this.domains = new Map();
		this.tags = { A: [], B: [] };
		this.spamTests = new Map();
		this.automatedTests = new Map();
		this.tasks = new Map();
		this.alerts = new Map();
		this.workspaces = new Map();
		this.notifications = new Map();
		this.nextId = {
			account: { A: 1, B: 100001 },
			domain: 1,
			tag: 1,
			result: 1,
			automatedTest: 1,
			run: 1,
			task: 1,
			alert: 1,
			workspace: 1,
			notification: 1,
			request: 1,
		};
		this.rng = mulberry32(0x5eed);
		this.requestLog = [];
		this.connections = { opened: 0, resumed: 0 };
		this.faults = [];
		this.answerRules = [];
		this.extraKeys = new Map();
		this.misanswerLog = [];
		this.rateLimitPerSecond = null;
		this.settings = {
			duplicateDeliveries: false,
			latencyMs: this.options.latencyMs,
			perPageMode: 'honour',
			perPageCap: 100,
			deliveryTimeoutMs: 5000,
			deliveryRetryDelaysMs: [500, 1000, 2000],
			reconnectDelayMs: 1000,
			seedDelayMs: 0,
			unloggedAccounts: [],
		};
		this.smtpInbox = [];
		this.deliveries = [];
		this.loginFailures = [];
		this.reconnectJobs = [];
		this.brokenAccounts = new Set();
		this.warmingDrops = new Map();
	}

	projectByApiKey(key: string): Project | undefined {
		const extra = this.extraKeys.get(key);
		if (extra) return this.projects[extra];
		return PROJECT_KEYS.map((k) => this.projects[k]).find((p) => p.apiKey === key);
	}

	/** Items of one project, in creation order. */
	ofProject<T extends { project: ProjectKey }>(map: Map<unknown, T>, project: ProjectKey): T[] {
		const out: T[] = [];
		for (const item of map.values()) if (item.project === project) out.push(item);
		return out;
	}

	/** `len` chars of [a-z0-9] from the deterministic generator. */
	randomId(len: number): string {
		const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
		let s = '';
		for (let i = 0; i < len; i++) s += alphabet[Math.floor(this.rng() * alphabet.length)];
		return s;
	}

	/** Find or create the tag of that name in the project. */
	tag(project: ProjectKey, name: string): Tag {
		const found = this.tags[project].find((t) => t.name === name);
		if (found) return found;
		const tag = { id: this.nextId.tag++, name };
		this.tags[project].push(tag);
		return tag;
	}

	logRequest(entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
		const full = { seq: this.nextId.request++, ...entry };
		this.requestLog.push(full);
		if (this.requestLog.length > REQUEST_LOG_LIMIT)
			this.requestLog.splice(0, this.requestLog.length - REQUEST_LOG_LIMIT);
		return full;
	}
}
