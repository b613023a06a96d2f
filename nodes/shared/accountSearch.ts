/**
 * The searchable lists behind id pickers, one page at a time with the service's own search: the
 * page walk both nodes use, and the account list both show (the action node's other lists are its
 * own, methods/listSearch.ts). The caller names the credential: the action node the one its
 * operation uses, the trigger its API key (none given).
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest, listFrom, openSession } from './transport';
import { PAGE_SIZES } from './pageSizes';

function nextPage(paginationToken: string | number | undefined): number {
	const page = Number(paginationToken ?? 0);
	return Number.isInteger(page) && page >= 0 ? page : 0;
}

export async function searchPage(
	ctx: ILoadOptionsFunctions,
	credential: string | undefined,
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
	const items = listFrom(
		await apiRequest(openSession(ctx, { credential }), {
			method: 'GET',
			path,
			qs,
		}),
	);
	return {
		results: items.map(toResult),
		paginationToken: items.length >= pageSize ? String(page + 1) : undefined,
	};
}

/**
 * Every account, spam-test-only ones included: GET /accounts lists warming accounts by default, yet
 * an automated test typically runs on an account connected for spam tests only.
 */
export async function accountsPage(
	ctx: ILoadOptionsFunctions,
	credential: string | undefined,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		ctx,
		credential,
		'/accounts',
		PAGE_SIZES.accounts,
		filter,
		paginationToken,
		(a) => ({
			name: [a.email, [a.first_name, a.last_name].filter(Boolean).join(' ')]
				.filter(Boolean)
				.join(' — '),
			value: String(a.id),
		}),
		{ include_spamchecker: true },
	);
}
