/**
 * The spam-test engine: seedlists, creating a test, deterministic placement of arriving copies, scores, completion,
 * and the JSON view of a spam test. Shared by the spam-test routes, the SMTP listener, the admin "complete" call and
 * the seed data, so every path scores alike.
 */
import type { Effects } from './api';
import type { Domain, Receipt, SpamTest } from './resources';
import type { Store } from './store';
import { fnv1a } from './util';

export const PUBLIC_ID_PREFIX = 'mlrch-';
const SEED_DOMAIN = (n: number): string => `seed${n}.sandbox.test`;
const SEEDLIST_SIZES: Record<number, number> = { 1: 20, 2: 16, 3: 24, 4: 18 };

export interface Seed {
	email: string;
	provider: string;
	desc: 'btob' | 'btoc';
	first_name: string;
}

const PROVIDERS: { provider: string; desc: 'btob' | 'btoc' }[] = [
	{ provider: 'google_workspace', desc: 'btob' },
	{ provider: 'gmail', desc: 'btoc' },
	{ provider: 'microsoft_365', desc: 'btob' },
	{ provider: 'outlook', desc: 'btoc' },
	{ provider: 'yahoo', desc: 'btoc' },
];
const SEED_NAMES = [
	'Alice',
	'Bruno',
	'Chloe',
	'Dmitri',
	'Elena',
	'Farid',
	'Greta',
	'Hugo',
	'Ines',
	'Jonas',
	'Kenji',
	'Lea',
];

const SEEDLISTS: Record<number, Seed[]> = Object.fromEntries(
	Object.entries(SEEDLIST_SIZES).map(([n, size]) => [
		Number(n),
		Array.from({ length: size }, (_, i) => {
			const p = PROVIDERS[i % PROVIDERS.length];
			return {
				email: `${p.provider.replace('_', '-')}-${n}${String(i + 1).padStart(2, '0')}@${SEED_DOMAIN(Number(n))}`,
				provider: p.provider,
				desc: p.desc,
				first_name: SEED_NAMES[i % SEED_NAMES.length],
			};
		}),
	]),
);

export function seedsOf(seedlist: number): Seed[] {
	return SEEDLISTS[seedlist] ?? SEEDLISTS[1];
}

const SEED_BY_EMAIL = new Map<string, Seed>(
	Object.values(SEEDLISTS).flatMap((list) => list.map((s) => [s.email, s])),
);

export function isSeedAddress(email: string): boolean {
	return SEED_BY_EMAIL.has(email.toLowerCase());
}

/** The seeds a test shows: its seedlist, filtered by its audience type. */
function visibleSeeds(test: SpamTest): Seed[] {
	const all = seedsOf(test.seedlist);
	return test.testType === 'all' ? all : all.filter((s) => s.desc === test.testType);
}

/** clean → 90 % inbox, spammy → 20 %, anything else → 75 %, by the sender's domain name. */
function senderClass(senderDomain: string): 'clean' | 'spammy' | 'default' {
	if (senderDomain.includes('spammy')) return 'spammy';
	if (senderDomain.includes('clean')) return 'clean';
	return 'default';
}
const INBOX_SHARE = { clean: 0.9, spammy: 0.2, default: 0.75 };
const INBOX_FOLDERS = new Set(['INBOX', 'PERSONAL', 'IMPORTANT']);

/**
 * Folder of one copy. The seeds of the seedlist are ranked by hash(public_id, seed, sender domain); the first
 * round(share × n) land in INBOX and the rest in SPAM (spammy senders) or PROMOTIONS / UPDATES / SPAM in turn.
 * Ranking (rather than a per-seed coin) makes the inbox share exact, so scores repeat and are predictable.
 */
export function placement(
	publicId: string,
	seedlist: number,
	seedEmail: string,
	senderDomain: string,
): string {
	const seeds = seedsOf(seedlist);
	const rank = rankingOf(publicId, seedlist, senderDomain.toLowerCase()).get(seedEmail) ?? 0;
	const cls = senderClass(senderDomain);
	const inboxCount = Math.round(INBOX_SHARE[cls] * seeds.length);
	if (rank < inboxCount) return 'INBOX';
	if (cls === 'spammy') return 'SPAM';
	return ['PROMOTIONS', 'UPDATES', 'SPAM'][(rank - inboxCount) % 3];
}

/** Rank of each seed by hash; the last ranking is cached since a test's copies arrive together. */
let lastRanking: { key: string; ranks: Map<string, number> } | null = null;
function rankingOf(publicId: string, seedlist: number, senderDomain: string): Map<string, number> {
	const cacheKey = `${publicId}|${seedlist}|${senderDomain}`;
	if (lastRanking?.key === cacheKey) return lastRanking.ranks;
	const keyed = seedsOf(seedlist).map((s) => ({
		email: s.email,
		h: fnv1a(`${publicId}|${s.email}|${senderDomain}`),
	}));
	keyed.sort((a, b) => a.h - b.h || a.email.localeCompare(b.email));
	const ranks = new Map(keyed.map((k, i) => [k.email, i]));
	lastRanking = { key: cacheKey, ranks };
	return ranks;
}

/** 10 × inbox share, one decimal; null when no copy counts. */
function scoreOf(receipts: Receipt[]): number | null {
	if (receipts.length === 0) return null;
	const inbox = receipts.filter((r) => INBOX_FOLDERS.has(r.folder)).length;
	return Math.round((100 * inbox) / receipts.length) / 10;
}

interface Scores {
	score: number | null;
	btob_score: number | null;
	btoc_score: number | null;
	final_score: number | null;
}

/** Raw score over every copy of the seedlist received; audience scores over each audience; final per test type. */
export function scoresOf(test: SpamTest): Scores {
	const seeds = seedsOf(test.seedlist);
	const got = (desc?: string): Receipt[] =>
		seeds
			.filter((s) => desc === undefined || s.desc === desc)
			.flatMap((s) => test.receipts.get(s.email) ?? []);
	const score = scoreOf(got());
	const btob = scoreOf(got('btob'));
	const btoc = scoreOf(got('btoc'));
	const final = test.testType === 'btob' ? btob : test.testType === 'btoc' ? btoc : score;
	return { score, btob_score: btob, btoc_score: btoc, final_score: final };
}

interface Copy {
	sender: string;
	subject: string | null;
	text: string;
	rawHeaders: string;
	/** Arrival time (seed data passes a fixed one so values repeat). */
	at?: string;
}

/** Record one copy for one seed address; true when it was new (first copy per seed wins). */
export function recordCopy(test: SpamTest, seedEmail: string, copy: Copy): boolean {
	const email = seedEmail.toLowerCase();
	if (!seedsOf(test.seedlist).some((s) => s.email === email) || test.receipts.has(email))
		return false;
	const senderDomain = domainOf(copy.sender);
	test.receipts.set(email, {
		folder: placement(test.publicId, test.seedlist, email, senderDomain),
		rawHeaders: copy.rawHeaders,
		at: copy.at ?? new Date().toISOString(),
	});
	// The first copy tells us what was sent; later copies are the same message.
	test.sender ??= copy.sender;
	test.subject ??= copy.subject;
	test.firstMessageContent ??= copy.text.slice(0, 10000);
	if (!test.automated) test.account ??= copy.sender;
	return true;
}

/** Marks the test completed once every visible seed has its copy; fires the completion effect once. */
export function checkCompletion(test: SpamTest, effects: Effects | null, at?: string): void {
	if (test.completed) return;
	if (!visibleSeeds(test).every((s) => test.receipts.has(s.email))) return;
	test.completed = true;
	test.completedAt = at ?? new Date().toISOString();
	effects?.spamTestCompleted(test);
}

/** Fill every seed of the seedlist as if copies arrived from `sender`, then complete. */
export function completeTest(
	test: SpamTest,
	sender: string,
	subject: string | null,
	effects: Effects | null,
	at?: string,
	seeds: Seed[] = seedsOf(test.seedlist),
): void {
	for (const seed of seeds) {
		recordCopy(test, seed.email, {
			sender,
			subject,
			text: `Sandbox copy for ${PUBLIC_ID_PREFIX}${test.publicId}`,
			rawHeaders: `From: ${sender}\r\nTo: ${seed.email}\r\nSubject: ${subject ?? ''}\r\nX-Sandbox: admin-complete`,
			at,
		});
	}
	checkCompletion(test, effects, at);
}

export function domainOf(email: string): string {
	const at = email.lastIndexOf('@');
	return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}

/** A new spam test (not yet stored). */
export function newSpamTest(
	store: Store,
	project: SpamTest['project'],
	seedlist: number,
	createdAt: string,
): SpamTest {
	const test: SpamTest = {
		project,
		publicId: store.randomId(10),
		createdAt,
		seedlist,
		testType: 'all',
		paid: true,
		completed: false,
		completedAt: null,
		automated: false,
		automatedTestId: null,
		isWarming: false,
		autofixTriggered: false,
		autofixCompleted: false,
		account: null,
		subject: null,
		sender: null,
		firstMessageContent: null,
		receipts: new Map(),
		resultIds: new Map(),
	};
	assignResultIds(store, test);
	return test;
}

/** Result ids for the seeds of the current seedlist (kept when a seedlist comes back). */
export function assignResultIds(store: Store, test: SpamTest): void {
	for (const s of seedsOf(test.seedlist))
		if (!test.resultIds.has(s.email)) test.resultIds.set(s.email, store.nextId.result++);
}

/** The auth snapshot of the sender's domain: the project's own record when it has one, else derived from the name. */
function domainSnapshot(
	store: Store,
	test: SpamTest,
	senderDomain: string,
): Record<string, unknown> {
	const own: Domain | undefined = store
		.ofProject(store.domains, test.project)
		.find((d) => d.domain === senderDomain);
	const spammy = senderClass(senderDomain) === 'spammy';
	return {
		domain: senderDomain,
		spf_valid: own ? own.spf_valid : !spammy,
		dkim_valid: own ? own.dkim_valid : !spammy,
		dmarc_valid: own ? own.dmarc_valid : !spammy,
		spf_value: own ? own.spf_value : spammy ? '' : 'v=spf1 include:_spf.sandbox.test ~all',
		dkim_value: own
			? own.dkim_value
			: spammy
				? ''
				: 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC',
		dmarc_value: own ? own.dmarc_value : spammy ? '' : 'v=DMARC1; p=none',
		mx_records: own ? own.mx_records : [[`mx1.${senderDomain}`, '192.0.2.10', '10']],
	};
}

/**
 * The spam test as the API returns it. `list` omits autofix_completed for non-automated tests; `audience` (the answer
 * of POST /spam_tests/{id}) reports `score` filtered for the audience type, as the spec says of that answer.
 */
export function spamTestView(
	store: Store,
	test: SpamTest,
	form: 'single' | 'list' | 'audience' = 'single',
): Record<string, unknown> {
	const seeds = visibleSeeds(test);
	const received = seeds.flatMap((s) => test.receipts.get(s.email) ?? []);
	const summary: Record<string, number> = {};
	for (const r of received) summary[r.folder] = (summary[r.folder] ?? 0) + 1;
	const scores = scoresOf(test);
	const senderDomain = test.sender ? domainOf(test.sender) : null;
	const spammy = senderDomain !== null && senderClass(senderDomain) === 'spammy';
	const view: Record<string, unknown> = {
		public_full_id: `${PUBLIC_ID_PREFIX}${test.publicId}`,
		public_id: test.publicId,
		results: seeds.map((s) => {
			const r = test.receipts.get(s.email);
			return {
				id: test.resultIds.get(s.email) ?? 0,
				email: s.email,
				desc: s.desc,
				first_name: s.first_name,
				provider: s.provider,
				received_in: r ? r.folder : null,
				raw_headers: r ? r.rawHeaders : null,
			};
		}),
		paid: test.paid,
		created_at: test.createdAt,
		first_message_content: test.firstMessageContent,
		test_type: test.testType,
		completed: test.completed,
		...scores,
		analysis_results:
			received.length === 0
				? null
				: JSON.stringify({
						spam_words: spammy ? ['free', 'winner', 'act now'] : [],
						links: 2,
						images: 1,
						html_to_text_ratio: 0.4,
						subject_length: (test.subject ?? '').length,
					}),
		domain: senderDomain,
		domain_auth: senderDomain === null ? null : domainSnapshot(store, test, senderDomain),
		tld: senderDomain === null ? null : senderDomain.slice(senderDomain.lastIndexOf('.') + 1),
		summary,
		// Domain lists (DNS blocklists of domains) and IP lists, each where it belongs: Spamhaus' ZEN lists IPs, its
		// DBL domains.
		blacklist_links: spammy ? ['dbl.spamhaus.org', 'multi.uribl.com'] : [],
		blacklist_sending_ip: spammy ? ['zen.spamhaus.org', 'b.barracudacentral.org'] : [],
		sending_provider: senderDomain === null ? null : spammy ? 'unknown' : 'google',
		sending_reverse_dns_value: senderDomain === null ? null : `mail.${senderDomain}`,
		automated: test.automated,
		automated_test_id: test.automatedTestId,
		spam: received.length > 0 && (summary.SPAM ?? 0) * 2 > received.length,
		seedlist: test.seedlist,
		is_warming: test.isWarming,
		autofix_triggered: test.autofixTriggered,
		autofix_completed: test.autofixCompleted,
		account: test.account,
		subject: test.subject,
		sender: test.sender,
	};
	if (form === 'list' && !test.automated) delete view.autofix_completed;
	if (form === 'audience') view.score = scores.final_score;
	return view;
}
