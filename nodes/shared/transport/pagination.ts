/**
 * Page-numbered lists read to the end (or to a limit), with pages asked for ahead within the pacer.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_PER_PAGE } from '../pageSizes';
import { listFrom } from './answers';
import { apiRequest } from './request';
import type { Session } from './session';
import type { RequestTarget } from './types';

function identity(item: IDataObject): string | undefined {
	const id = item.id ?? item.public_id;
	return id === undefined || id === null ? undefined : String(id);
}

/** Pages of one list asked for ahead of the one being read (all within the pacer). */
export const LOOKAHEAD_PAGES = 4;

/**
 * Page-numbered list (`page` = 0, 1, 2 …), asking for `per_page` = 100 (or the limit, when smaller)
 * with pages in flight ahead of the one being read (all within the pacer). The server may honour
 * `per_page`, ignore it (its own page size: `pageSize` for ours) or cap it lower; the walk learns
 * the page size it really uses from the answers:
 * - a first page as full as asked (or fuller): that is the page size;
 * - a first page shorter than the endpoint's own page size: the whole list (a server never serves a
 *   page smaller than its default unless the list ended);
 * - a first page in between is the whole list or a capped page: the next page decides (empty: the
 *   end; otherwise the first page's length is the page size). Pages are numbered in the server's
 *   page size whatever it is, so pages already asked for stay valid;
 * - a page shorter than the page size, or one that brings nothing new (a server that ignores
 *   `page`), ends the walk; items seen on an earlier page (the list shifted while we read) are
 *   skipped.
 * Pages ahead start at one and double with every full page after the second, up to LOOKAHEAD_PAGES:
 * 1 after page 0, still 1 after page 1, then 2, then 4. A list that ends within its first pages
 * costs at most one page past its last non-empty one (237 items at 100 a page: pages 0–3; exactly
 * 100: pages 0–1), a long one keeps the pacer busy. With a limit, a page is asked for only if the
 * items before it, at the largest page size still possible, fall short of the limit. So the walk
 * never asks for a page it cannot need beyond one look-ahead window.
 */
export async function apiRequestAllItems(
	session: Session,
	request: RequestTarget & {
		pageSize: number;
		/**
		 * Read no further once this says a page was the last one needed (a newest-first list read back
		 * to a date); pages already asked for ahead are answered but not read.
		 */
		lastNeeded?: (page: IDataObject[]) => boolean;
	},
	limit?: number,
): Promise<IDataObject[]> {
	const { pageSize: endpointPageSize, lastNeeded, ...rest } = request;
	const perPage = limit === undefined ? MAX_PER_PAGE : Math.max(1, Math.min(MAX_PER_PAGE, limit));
	const collected: IDataObject[] = [];
	const seen = new Set<string>();
	const inFlight = new Map<number, Promise<IDataObject[]>>();
	/**
	 * The server's page size once known; until then the largest it can be (what page 0 gave, or
	 * per_page).
	 */
	let size: number | undefined;
	let upperSize = perPage;
	let fullPages = 0;
	let nextPage = 0;
	let ended = false;

	const fetchPage = async (page: number): Promise<IDataObject[]> =>
		listFrom(
			await apiRequest(session, {
				...rest,
				method: 'GET',
				kind: 'read',
				qs: { ...(rest.qs ?? {}), page, per_page: perPage },
				// Every page is a list: an object, null or a web page is an error, never an empty page (the
				// end).
				answer: rest.answer ?? { shape: 'list', what: 'a list' },
			}),
		);
	const mayNeed = (page: number): boolean =>
		limit === undefined || page * (size ?? upperSize) < limit;
	const launch = (): void => {
		// Growing one step after the page size is known: a second full page is the first sign of a long
		// list.
		const window =
			size === undefined ? 1 : Math.min(LOOKAHEAD_PAGES, 2 ** Math.max(0, fullPages - 1));
		while (!ended && inFlight.size < window && mayNeed(nextPage)) {
			const pending = fetchPage(nextPage);
			// Answers of pages past the end are never read: keep their failures from going unhandled.
			pending.catch(() => undefined);
			inFlight.set(nextPage, pending);
			nextPage++;
		}
	};

	try {
		for (let page = 0; ; page++) {
			launch();
			const pending = inFlight.get(page);
			if (!pending) return collected;
			const items = await pending;
			inFlight.delete(page);
			if (page === 0) {
				if (items.length >= perPage) size = items.length;
				else if (items.length < Math.min(perPage, endpointPageSize))
					size = Math.min(perPage, endpointPageSize);
				else upperSize = items.length;
			} else if (size === undefined) {
				size = upperSize;
			}
			let fresh = 0;
			for (const item of items) {
				const id = identity(item);
				if (id !== undefined) {
					if (seen.has(id)) continue;
					seen.add(id);
				}
				fresh++;
				collected.push(item);
				if (limit !== undefined && collected.length >= limit) return collected;
			}
			if (items.length === 0 || fresh === 0 || (size !== undefined && items.length < size))
				return collected;
			if (lastNeeded?.(items)) return collected;
			if (size !== undefined && page > 0) fullPages++;
			else if (size !== undefined) fullPages = 1;
		}
	} finally {
		ended = true;
		// Look-ahead pages past the end are still answered; wait for them so nothing of this run
		// outlives it.
		await Promise.allSettled(inFlight.values());
	}
}
