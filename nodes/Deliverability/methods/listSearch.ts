/** Searchable lists behind the resource locators. One page at a time, using the service's own search. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest, listFrom } from '../../shared/transport';

function nextPage(paginationToken: string | number | undefined): number {
	const page = Number(paginationToken ?? 0);
	return Number.isInteger(page) && page >= 0 ? page : 0;
}

async function searchPage(
	ctx: ILoadOptionsFunctions,
	path: string,
	pageSize: number,
	filter: string | undefined,
	paginationToken: string | undefined,
	toResult: (item: IDataObject) => { name: string; value: string | number; url?: string },
	query: IDataObject = {},
): Promise<INodeListSearchResult> {
	const page = nextPage(paginationToken);
	const qs: IDataObject = { ...query, page };
	if (filter?.trim()) qs.search = filter.trim();
	const items = listFrom(await apiRequest.call(ctx, { method: 'GET', path, qs }));
	return {
		results: items.map(toResult),
		paginationToken: items.length >= pageSize ? String(page + 1) : undefined,
	};
}

/**
 * Every account, spam-test-only ones included: GET /accounts lists warming accounts by default, yet an automated
 * test typically runs on an account connected for spam tests only.
 */
export async function searchAccounts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await searchPage(
		this,
		'/accounts',
		50,
		filter,
		paginationToken,
		(a) => ({
			name: [a.email, [a.first_name, a.last_name].filter(Boolean).join(' ')].filter(Boolean).join(' — '),
			value: String(a.id),
		}),
		{ include_spamchecker: true },
	);
}

export async function searchSpamTests(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await searchPage(this, '/spam_tests', 10, filter, paginationToken, (t) => ({
		name: `${String(t.public_id)} — ${t.completed ? `score ${String(t.final_score ?? t.score)}` : 'pending'} — ${String(t.created_at ?? '')}`,
		value: String(t.public_id),
	}));
}

export async function searchAutomatedTests(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await searchPage(this, '/automated_tests', 25, filter, paginationToken, (t) => ({
		name: `${String(t.id)} — ${String(t.subject ?? '(no subject)')}${t.active ? '' : ' (inactive)'}`,
		value: String(t.id),
	}));
}

export async function searchAlerts(this: ILoadOptionsFunctions, filter?: string) {
	// GET /alerts is not paginated as far as the docs show; filter locally.
	const alerts = listFrom(await apiRequest.call(this, { method: 'GET', path: '/alerts' }));
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = alerts
		.map((a) => ({
			name: `${String(a.id)} — ${String(a.channel ?? '')} ${Array.isArray(a.events) ? a.events.join(', ') : ''}`.trim(),
			value: String(a.id),
		}))
		.filter((r) => !needle || r.name.toLowerCase().includes(needle));
	return { results };
}
