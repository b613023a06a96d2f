/**
 * Searchable lists behind the resource locators. One page at a time, using the service's own
 * search.
 */
import { DateTime, IANAZone } from 'luxon';
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { accountsPage, searchPage } from '../../shared/accountSearch';
import { PAGE_SIZES } from '../../shared/pageSizes';
import { apiRequest, apiRequestAllItems, listFrom, openSession } from '../../shared/transport';
import { pickerCredential } from '../auth/choice';

/** Accounts, with the credential this operation uses (the editor's picker runs before the node). */
export async function searchAccounts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await accountsPage(this, pickerCredential(this), filter, paginationToken);
}

/**
 * Spam tests as a person recognises them: the score or that it is still waiting for seed copies,
 * when it was created in n8n's time zone, then the message (subject, else sender or account, else
 * the start of its content). The score and the date come first: the picker cuts long names at its
 * width, and weekly tests of one message differ only in those.
 */
export async function searchSpamTests(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	const zone = instanceZone(this);
	return await searchPage(
		this,
		pickerCredential(this),
		'/spam_tests',
		PAGE_SIZES.spamTests,
		filter,
		paginationToken,
		(t) => ({
			name: [spamTestState(t), readableDate(t.created_at, zone), spamTestTitle(t)]
				.filter(Boolean)
				.join(' · '),
			value: String(t.public_id),
		}),
	);
}

function text(value: unknown): string {
	return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

function spamTestTitle(t: IDataObject): string {
	const subject = text(t.subject);
	const sender = text(t.sender) || text(t.account);
	if (subject) return sender ? `${subject} (from ${sender})` : subject;
	if (sender) return `From ${sender}`;
	const content = text(t.first_message_content);
	if (content) return content.length > 60 ? `${content.slice(0, 59)}…` : content;
	return `Spam test ${String(t.public_id)} (no message received yet)`;
}

function spamTestState(t: IDataObject): string {
	if (t.completed !== true) return 'waiting';
	const score = Number(t.final_score ?? t.score);
	return Number.isFinite(score) ? `score ${score}/10` : 'completed';
}

function instanceZone(ctx: ILoadOptionsFunctions): string {
	const zone = typeof ctx.getTimezone === 'function' ? ctx.getTimezone() : 'UTC';
	return IANAZone.isValidZone(zone) ? zone : 'UTC';
}

/** "23 Nov 2026, 14:05" in the given zone; nothing for a missing or unreadable timestamp. */
function readableDate(value: unknown, zone: string): string {
	if (typeof value !== 'string' || value === '') return '';
	const date = DateTime.fromISO(value, { zone: 'utc' });
	return date.isValid ? date.setZone(zone).toFormat('d LLL yyyy, HH:mm') : '';
}

/**
 * Current IANA names that ICU's list gives under their older alias (Asia/Calcutta, Europe/Kiev, …).
 */
const CURRENT_NAMES = [
	'Asia/Kolkata',
	'Asia/Kathmandu',
	'Asia/Yangon',
	'Asia/Ho_Chi_Minh',
	'Europe/Kyiv',
	'America/Nuuk',
	'Atlantic/Faroe',
	'Pacific/Kanton',
];

/**
 * IANA time zones for the Time Zone pickers, searched locally (no request): the runtime's own list
 * plus the current names of renamed zones and UTC, only Area/Location names (what the validator
 * accepts), with today's UTC offset. Spaces in the search match underscores ("new york" finds
 * America/New_York).
 */
export async function searchTimeZones(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), ...CURRENT_NAMES]);
	const needle = (filter ?? '').trim().toLowerCase().replace(/\s+/g, '_');
	const now = DateTime.now();
	const results = [...zones]
		.filter((zone) => (zone === 'UTC' || zone.includes('/')) && IANAZone.isValidZone(zone))
		.filter((zone) => !needle || zone.toLowerCase().includes(needle))
		.sort((a, b) => a.localeCompare(b))
		.map((zone) => ({
			name: zone === 'UTC' ? 'UTC' : `${zone} (UTC${now.setZone(zone).toFormat('ZZ')})`,
			value: zone,
		}));
	return { results };
}

export async function searchAutomatedTests(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await searchPage(
		this,
		pickerCredential(this),
		'/automated_tests',
		PAGE_SIZES.automatedTests,
		filter,
		paginationToken,
		(t) => ({
			name: `${String(t.id)} — ${String(t.subject ?? '(no subject)')}${t.active ? '' : ' (inactive)'}`,
			value: String(t.id),
		}),
	);
}

export async function searchAlerts(this: ILoadOptionsFunctions, filter?: string) {
	// GET /alerts is not paginated as far as the docs show; filter locally.
	const alerts = listFrom(
		await apiRequest(openSession(this, { credential: pickerCredential(this) }), {
			method: 'GET',
			path: '/alerts',
		}),
	);
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = alerts
		.map((a) => ({
			name: `${String(a.id)} — ${String(a.channel ?? '')} ${Array.isArray(a.events) ? a.events.join(', ') : ''}`.trim(),
			value: String(a.id),
		}))
		.filter((r) => !needle || r.name.toLowerCase().includes(needle));
	return { results };
}

/**
 * How many accounts the tag list reads at most (GET /accounts, walked as every list is): tags on
 * others are given by ID.
 */
const TAG_SCAN_ACCOUNTS = 2000;

/**
 * Tags, gathered from the accounts: the service has no tag list endpoint, and tags are seen in
 * `account.tags[]`. Reads the first TAG_SCAN_ACCOUNTS accounts (spam-test-only ones too), keeps
 * each tag once, sorted by name, and filters by the search text locally.
 */
export async function searchTags(this: ILoadOptionsFunctions, filter?: string) {
	const accounts = await apiRequestAllItems(
		openSession(this, { credential: pickerCredential(this) }),
		{ path: '/accounts', qs: { include_spamchecker: true }, pageSize: PAGE_SIZES.accounts },
		TAG_SCAN_ACCOUNTS,
	);
	const tags = new Map<string, string>();
	for (const account of accounts) {
		for (const tag of Array.isArray(account.tags) ? (account.tags as IDataObject[]) : []) {
			if (tag && tag.id !== undefined && tag.id !== null)
				tags.set(String(tag.id), String(tag.name ?? tag.id));
		}
	}
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = [...tags.entries()]
		.map(([id, name]) => ({ name, value: id }))
		.filter((r) => !needle || r.name.toLowerCase().includes(needle))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

/** Email workspaces by name (GET /email_workspaces: one list, filtered locally). */
export async function searchEmailWorkspaces(this: ILoadOptionsFunctions, filter?: string) {
	const workspaces = listFrom(
		await apiRequest(openSession(this, { credential: pickerCredential(this) }), {
			method: 'GET',
			path: '/email_workspaces',
		}),
	);
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = workspaces
		.map((w) => ({
			name: `${String(w.name ?? '(no name)')} — ${String(w.provider ?? '')} — ID ${String(w.id)}`,
			value: String(w.id),
		}))
		.filter((r) => !needle || r.name.toLowerCase().includes(needle));
	return { results };
}
