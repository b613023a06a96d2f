/**
 * The service's resources as the sandbox holds them: two projects and their accounts, domains, tags, spam tests,
 * automated tests, tasks, alerts, email workspaces and notifications. Every resource carries its project so scoping
 * is one comparison.
 */
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
