/** Spec §2: every resource carries its fields with the spec's types (timestamps ISO 8601 UTC with milliseconds). */
import { useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox({}, false);

type Kind = 'int' | 'number' | 'string' | 'bool' | 'ts' | 'array' | 'object';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An account's fields in both forms, the list's and the single account's. */
const ACCOUNT_FIELDS: Record<string, Kind> = {
	id: 'int',
	created_at: 'ts',
	email: 'string',
	first_name: 'string',
	last_name: 'string',
	provider: 'string',
	alive: 'bool',
	suspended: 'bool',
	warming_enabled: 'bool',
	spamchecker_enabled: 'bool',
	score: 'int',
	total_messages_sent: 'int',
	total_messages_received: 'int',
	config_rampup_target: 'int',
	config_rampup_increase: 'int',
	config_max_conversation_running: 'int',
	config_current_conversation_running: 'int',
	config_smtp_append_after_sent: 'bool',
	time_zone: 'string',
	autopilot: 'bool',
	copilot_enabled: 'bool',
	custom_message_content_ref: 'string',
	tags: 'array',
};
/** What only the single-account form adds. */
const ACCOUNT_ONLY_FIELDS: Record<string, Kind> = {
	score_gmail: 'int',
	score_outlook: 'int',
	score_custom: 'int',
	has_refresh_token: 'bool',
	has_notifications: 'bool',
	imap_issue: 'bool',
	current_warming_recipe: 'string',
	detected_sending_provider: 'string',
	sending_reverse_dns_value: 'string',
	sending_ip: 'string',
	signature: 'string',
	domain: 'object',
};
/** A spam test's fields in both forms, the list's and the single test's. */
const SPAM_TEST_FIELDS: Record<string, Kind> = {
	public_full_id: 'string',
	public_id: 'string',
	results: 'array',
	paid: 'bool',
	created_at: 'ts',
	test_type: 'string',
	completed: 'bool',
	summary: 'object',
	blacklist_links: 'array',
	blacklist_sending_ip: 'array',
	automated: 'bool',
	spam: 'bool',
	seedlist: 'int',
	is_warming: 'bool',
	autofix_triggered: 'bool',
};
/** What only the single-test form adds. */
const SPAM_TEST_ONLY_FIELDS: Record<string, Kind> = {
	first_message_content: 'string',
	score: 'number',
	btob_score: 'number',
	btoc_score: 'number',
	final_score: 'number',
	analysis_results: 'string',
	domain: 'string',
	tld: 'string',
	sending_provider: 'string',
	sending_reverse_dns_value: 'string',
	automated_test_id: 'int',
	autofix_completed: 'bool',
	account: 'string',
};
/** An alert's fields wherever it appears; an automated test's alerts also carry a hook URL and a Slack channel. */
const ALERT_FIELDS: Record<string, Kind> = {
	id: 'int',
	channel: 'string',
	events: 'array',
	active: 'bool',
	automated_test_ids: 'array',
};

function expectShape(item: Json, shape: Record<string, Kind>): void {
	for (const [field, kind] of Object.entries(shape)) {
		const v = item[field];
		const ok =
			kind === 'int'
				? Number.isInteger(v) && Math.abs(v) <= 2147483647
				: kind === 'number'
					? typeof v === 'number'
					: kind === 'string'
						? typeof v === 'string'
						: kind === 'bool'
							? typeof v === 'boolean'
							: kind === 'ts'
								? typeof v === 'string' && ISO_MS.test(v)
								: kind === 'array'
									? Array.isArray(v)
									: typeof v === 'object' && v !== null && !Array.isArray(v);
		if (!ok) throw new Error(`${field}: expected ${kind}, got ${JSON.stringify(v)}`);
	}
}

describe('resource fields (§2)', () => {
	it('Account (single form) and Tag', async () => {
		const a = (await t.get('/accounts/10')).data;
		expectShape(a, { ...ACCOUNT_FIELDS, ...ACCOUNT_ONLY_FIELDS });
		expect(a.score).toBeGreaterThanOrEqual(0);
		expect(a.score).toBeLessThanOrEqual(100);
		expect(a.config_rampup_target).toBeGreaterThanOrEqual(3);
		for (const tag of a.tags) expectShape(tag, { id: 'int', name: 'string' });
	});

	it('Domain', async () => {
		const d = (await t.get('/accounts/1')).data.domain;
		expectShape(d, {
			id: 'int',
			created_at: 'ts',
			updated_at: 'ts',
			creation_date: 'ts',
			last_check_at: 'ts',
			expire_at: 'ts',
			domain: 'string',
			spf_valid: 'bool',
			dkim_valid: 'bool',
			dmarc_valid: 'bool',
			spf_value: 'string',
			dkim_value: 'string',
			dmarc_value: 'string',
			dkim_selector: 'string',
			domain_http_response: 'bool',
			domain_https: 'bool',
			avg_score: 'int',
			score_change: 'number',
			mx_records: 'array',
		});
	});

	it('Spam test (completed) and Result', async () => {
		const list = (await t.get('/spam_tests', { page: 0, per_page: 100 })).data;
		const s = (
			await t.get(`/spam_tests/${list.find((x: Json) => x.completed && x.automated).public_id}`)
		).data;
		expectShape(s, { ...SPAM_TEST_FIELDS, ...SPAM_TEST_ONLY_FIELDS });
		for (const count of Object.values(s.summary)) expect(Number.isInteger(count)).toBe(true);
		for (const r of s.results)
			expectShape(r, {
				id: 'int',
				email: 'string',
				desc: 'string',
				first_name: 'string',
				provider: 'string',
				received_in: 'string',
				raw_headers: 'string',
			});
		expect(s.score).toBeGreaterThanOrEqual(0);
		expect(s.score).toBeLessThanOrEqual(10);
	});

	it('Automated test, Run and the accounts it names', async () => {
		const a = (await t.get('/automated_tests/2')).data;
		expectShape(a, {
			id: 'int',
			key: 'string',
			subject: 'string',
			content_text: 'string',
			content_html: 'string',
			automated_test_runs: 'array',
			template_defined: 'bool',
			btob: 'bool',
			btoc: 'bool',
			accounts: 'array',
			account_ids: 'array',
			repeat_period: 'string',
			repeat_period_delay: 'int',
			time_zone: 'string',
			hour: 'int',
			utc_hour: 'int',
			active: 'bool',
			last_run_at: 'ts',
			created_at: 'ts',
			can_show_run_now: 'bool',
			account_day_delta: 'int',
			seedlist: 'int',
			alerts: 'array',
		});
		expect(a.account_ids).toEqual([2, 3]);
		for (const acc of a.accounts)
			expectShape(acc, { id: 'int', email: 'string', first_name: 'string', last_name: 'string' });
		for (const run of a.automated_test_runs)
			expectShape(run, {
				id: 'int',
				automated_test_id: 'int',
				weekday: 'int',
				last_run_at: 'ts',
				created_at: 'ts',
				updated_at: 'ts',
			});
		expect(a.automated_test_runs.length).toBeGreaterThan(0);
		for (const alert of a.alerts)
			expectShape(alert, { ...ALERT_FIELDS, hook_url: 'string', slack_channel_id: 'int' });
		expect(a.alerts).toHaveLength(1); // seed alert 3 is scoped to automated tests 1 and 2
	});

	it('Account (list form): the same types, without the single-account-only fields', async () => {
		const list = (await t.get('/accounts', { per_page: 100, include_spamchecker: true })).data;
		for (const a of list) {
			expectShape(a, ACCOUNT_FIELDS);
			expect(a.config_rampup_target).toBeGreaterThanOrEqual(3);
			expect(a.config_rampup_target).toBeLessThanOrEqual(35);
			expect(a.config_rampup_increase).toBeLessThanOrEqual(5);
			expect(a.config_max_conversation_running).toBeLessThanOrEqual(35);
		}
	});

	it('Spam test (list form, pending and completed): seedlist 1–4, summary counts', async () => {
		const list = (await t.get('/spam_tests', { page: 0, per_page: 100 })).data;
		for (const s of list) {
			expectShape(s, SPAM_TEST_FIELDS);
			expect([1, 2, 3, 4]).toContain(s.seedlist);
			for (const f of ['score', 'btob_score', 'btoc_score', 'final_score'])
				expect(s[f] === null || typeof s[f] === 'number').toBe(true);
		}
	});

	it('Alert, Task and Email workspace', async () => {
		for (const alert of (await t.get('/alerts')).data) {
			expectShape(alert, ALERT_FIELDS);
			for (const e of alert.events) expect(typeof e).toBe('string');
			expect(alert.hook_url === null || typeof alert.hook_url === 'string').toBe(true);
			expect(alert.slack_channel_id === null || Number.isInteger(alert.slack_channel_id)).toBe(
				true,
			);
		}
		const task = (await t.post('/accounts/batch', { account_ids: [4], action: 'pause' })).data;
		expectShape(task, { id: 'int', progress: 'int', logs: 'array' });
		expectShape((await t.get(`/tasks/${task.id}`)).data, {
			id: 'int',
			progress: 'int',
			logs: 'array',
		});
		const ws = (
			await t.post('/email_workspaces', {
				name: 'W',
				provider: 'outlook',
				outlook_client_id: 'c',
				outlook_client_secret: 's',
				outlook_client_secret_value: 'v',
				outlook_tenant_id: 't',
				outlook_client_secret_expires_at: '01/02/2027',
			})
		).data;
		expectShape(ws, {
			id: 'int',
			name: 'string',
			created_at: 'ts',
			provider: 'string',
			outlook_tenant_id: 'string',
			outlook_client_id: 'string',
			outlook_client_secret_expires_at: 'ts',
		});
		expect(ws.outlook_client_secret_expires_at).toBe('2027-02-01T00:00:00.000Z');
	});
});
