/**
 * The sandbox's whole state: two projects and their resources (resources.ts), plus the admin-side logs, faults and
 * settings (admin-state.ts). Plain maps keyed by id. Insertion order of the maps is creation order, which the list
 * endpoints rely on.
 */
import type {
	DeliveryLogEntry,
	Fault,
	AnswerRule,
	LoginFailure,
	MisanswerLogEntry,
	RequestLogEntry,
	Settings,
	SmtpMessage,
} from './admin-state';
import type {
	Account,
	AutomatedTest,
	Alert,
	Domain,
	EmailWorkspace,
	Notification,
	Project,
	ProjectKey,
	SpamTest,
	Tag,
	Task,
	WarmingDrop,
} from './resources';
import { PROJECT_KEYS } from './resources';
import { mulberry32 } from './util';

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
