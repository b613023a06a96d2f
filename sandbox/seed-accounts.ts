/**
 * Seed domains and accounts of both projects. Per-account values come from a hash of the id, so account 5 is the same
 * whether the project has 120 accounts or 10,000.
 */
import type { Account, Domain, ProjectKey } from './resources';
import type { Store } from './store';
import { DAY, at, unit } from './util';

interface DomainSeed {
	name: string;
	avg: number | null;
	spf: boolean;
	dkim: boolean;
	dmarc: boolean;
	/** Days from the start (or reset) of the sandbox to the end of the registration: relative, so that which domain
	 * "expires soon" does not change with the calendar. */
	expiresIn: number;
}

const DOMAINS_A: DomainSeed[] = [
	{ name: 'acme-mail.com', avg: 88, spf: true, dkim: true, dmarc: true, expiresIn: 200 },
	{ name: 'northwind-sales.io', avg: 72, spf: true, dkim: true, dmarc: false, expiresIn: 120 },
	{ name: 'contoso-mail.net', avg: 55, spf: true, dkim: false, dmarc: false, expiresIn: 75 },
	{ name: 'globex-outreach.com', avg: 91, spf: true, dkim: true, dmarc: true, expiresIn: 300 },
	{ name: 'initech-news.org', avg: 40, spf: false, dkim: false, dmarc: false, expiresIn: 20 },
	{ name: 'umbrella-eu.de', avg: null, spf: true, dkim: true, dmarc: false, expiresIn: 150 },
	{ name: 'hooli-us.com', avg: 65, spf: true, dkim: false, dmarc: true, expiresIn: 45 },
];
const DOMAINS_B: DomainSeed[] = [
	{ name: 'b-corp-mail.com', avg: 80, spf: true, dkim: true, dmarc: true, expiresIn: 90 },
	{ name: 'b-labs.io', avg: null, spf: false, dkim: true, dmarc: false, expiresIn: 240 },
];

const FIRST = [
	'Anna',
	'Ben',
	'Carla',
	'David',
	'Emma',
	'Felix',
	'Gina',
	'Hannes',
	'Iris',
	'Jakob',
	'Klara',
	'Lukas',
	'Mia',
	'Noah',
	'Olivia',
	'Paul',
	'Quinn',
	'Rosa',
	'Simon',
	'Tara',
];
const LAST = [
	'Becker',
	'Costa',
	'Dubois',
	'Evans',
	'Fischer',
	'Garcia',
	'Hansen',
	'Ito',
	'Jensen',
	'Keller',
	'Lopez',
	'Meyer',
	'Novak',
	'Olsen',
	'Petit',
	'Rossi',
	'Schmidt',
	'Tanaka',
	'Ueda',
	'Vogel',
];
const PROVIDERS = ['google', 'google', 'google', 'outlook', 'outlook', 'smtp', 'smtp'];

/** Fixed identities for the first accounts of project A (searchable by name and by email tokens). */
const NAMED_A: Record<number, [string, string, string]> = {
	1: ['John', 'Doe', 'john.doe+promo'],
	2: ['Jane', 'Smith', 'jane.smith-news'],
	3: ['Max', 'Mustermann', 'max.mustermann'],
};

/** Domains and tags of both projects, `accountsA` accounts in project A and five in project B. */
export function seedAccounts(store: Store, accountsA: number): void {
	const domainsA = DOMAINS_A.map((d, i) => addDomain(store, 'A', d, i));
	const domainsB = DOMAINS_B.map((d, i) => addDomain(store, 'B', d, i + 10));
	for (const name of ['sales', 'eu', 'us', 'warmup', 'vip']) store.tag('A', name);
	for (const name of ['sales', 'b-only']) store.tag('B', name);

	// Project B's ids start at 100001: project A's accounts past 100,000 (benchmarks) continue at 200001 instead.
	for (let i = 1; i <= accountsA; i++)
		addAccount(store, 'A', i <= 100000 ? i : i + 100000, i, domainsA[(i - 1) % domainsA.length]);
	for (let k = 1; k <= 5; k++)
		addAccount(store, 'B', 100000 + k, k, domainsB[(k - 1) % domainsB.length]);
}

function addDomain(store: Store, project: ProjectKey, d: DomainSeed, i: number): Domain {
	const created = at('2023-12-01T00:00:00.000Z', i * DAY);
	const domain: Domain = {
		project,
		id: store.nextId.domain++,
		created_at: created,
		updated_at: at('2025-05-01T00:00:00.000Z', i * DAY),
		creation_date: at('2015-03-01T00:00:00.000Z', i * 97 * DAY),
		last_check_at: at('2025-06-01T06:00:00.000Z', i * 3600000),
		expire_at: new Date(Math.floor(Date.now() / DAY) * DAY + d.expiresIn * DAY).toISOString(),
		domain: d.name,
		spf_valid: d.spf,
		dkim_valid: d.dkim,
		dmarc_valid: d.dmarc,
		spf_value: d.spf ? 'v=spf1 include:_spf.google.com ~all' : '',
		dkim_value: d.dkim
			? 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsandbox'
			: '',
		dmarc_value: d.dmarc ? `v=DMARC1; p=quarantine; rua=mailto:dmarc@${d.name}` : '',
		dkim_selector: d.dkim ? 'google' : '',
		domain_http_response: i % 3 !== 2,
		domain_https: i % 2 === 0,
		avg_score: d.avg,
		score_change: d.avg === null ? 0 : Math.round((unit(d.name, 'change') * 10 - 5) * 10) / 10,
		mx_records: [
			[`aspmx.l.${d.name}`, `198.51.100.${10 + i}`, '1'],
			[`alt1.aspmx.l.${d.name}`, `198.51.100.${40 + i}`, '5'],
			[`alt2.aspmx.l.${d.name}`, `198.51.100.${70 + i}`, '10'],
		],
	};
	store.domains.set(domain.id, domain);
	return domain;
}

function addAccount(
	store: Store,
	project: ProjectKey,
	id: number,
	i: number,
	domain: Domain,
): void {
	const named = project === 'A' ? NAMED_A[id] : undefined;
	const first = named ? named[0] : FIRST[(i * 7) % FIRST.length];
	const last = named ? named[1] : LAST[(i * 3 + (project === 'B' ? 5 : 0)) % LAST.length];
	const local = named ? named[2] : `${first}.${last}${i}`.toLowerCase();
	const u = (salt: string): number => unit(`${project}${id}`, salt);
	const score = Math.floor(u('score') * 101);
	const near = (salt: string): number =>
		Math.max(0, Math.min(100, score + Math.floor(u(salt) * 21) - 10));
	const spamcheckerOnly = project === 'A' ? i % 15 === 7 : i === 3;
	const imapIssue = project === 'A' ? i % 25 === 13 : i === 5;
	const provider = PROVIDERS[i % PROVIDERS.length];
	const max = Math.floor(u('max') * 36);
	const tagNames =
		project === 'A'
			? [
					i % 2 === 0 && 'sales',
					i % 3 === 0 && 'eu',
					i % 3 === 1 && 'us',
					i % 4 === 0 && 'warmup',
					i % 10 === 0 && 'vip',
				]
			: [i % 2 === 1 && 'sales', i === 2 && 'b-only'];
	const email = `${local}@${domain.domain}`;
	const account: Account = {
		project,
		id,
		created_at: at(
			project === 'A' ? '2024-01-01T00:00:00.000Z' : '2024-02-01T00:00:00.000Z',
			i * 600000,
		),
		email,
		first_name: first,
		last_name: last,
		provider,
		alive: project === 'A' ? i % 17 !== 0 : true,
		suspended: project === 'A' ? i % 40 === 33 : false,
		warming_enabled: !spamcheckerOnly,
		spamchecker_enabled: spamcheckerOnly || i % 5 === 0,
		score,
		score_gmail: near('gmail'),
		score_outlook: near('outlook'),
		score_custom: near('custom'),
		total_messages_sent: Math.floor(u('sent') * 5000),
		total_messages_received: Math.floor(u('received') * 5000),
		config_rampup_target: 3 + Math.floor(u('target') * 33),
		config_rampup_increase: Math.floor(u('increase') * 6),
		config_max_conversation_running: max,
		config_current_conversation_running: Math.floor(u('current') * (max + 1)),
		config_smtp_append_after_sent: i % 2 === 0,
		time_zone: ['Europe/Paris', 'Europe/Berlin', 'America/New_York'][i % 3],
		autopilot: i % 2 === 1,
		copilot_enabled: i % 3 === 0,
		has_refresh_token: !imapIssue && provider !== 'smtp',
		has_notifications: i % 2 === 0,
		imap_issue: imapIssue,
		current_warming_recipe: ['progressive', 'steady', 'aggressive'][i % 3],
		detected_sending_provider:
			provider === 'google' ? 'google' : provider === 'outlook' ? 'microsoft' : 'custom',
		sending_reverse_dns_value: `mail${i}.${domain.domain}`,
		sending_ip: `192.0.2.${(i % 250) + 1}`,
		signature: `<p>${first} ${last}<br>${domain.domain}</p>`,
		custom_message_content_ref: i % 9 === 0 ? `content-ref-${project.toLowerCase()}${i}` : '',
		desc: null,
		tags: tagNames
			.filter((t): t is string => typeof t === 'string')
			.map((t) => store.tag(project, t)),
		domainId: domain.id,
		aliases:
			// Aliases are OAuth aliases (spec §4 alias): only google / outlook accounts have them.
			project === 'A' && i % 20 === 1 && provider !== 'smtp'
				? [
						{
							email: `${local.replace('+', '.')}.alias1@${domain.domain}`,
							name: `${first} ${last} (Alias 1)`,
						},
						{
							email: `${local.replace('+', '.')}.alias2@${domain.domain}`,
							name: `${first} ${last} (Alias 2)`,
						},
					]
				: [],
	};
	store.accounts.set(id, account);
	store.nextId.account[project] = Math.max(store.nextId.account[project], id + 1);
}
