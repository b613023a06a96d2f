/**
 * Every page size of the service's page-numbered lists, in one place: each walk, picker and trigger
 * reads its size here, and a page size written as a number anywhere else fails
 * test/unit/page-sizes-live-in-one-place.test.ts.
 *
 * PAGE_SIZES: how many records a full page of each list holds when the service picks (the
 * spec's limits: GET /accounts 50, GET /automated_tests 25, GET /spam_tests 10); a shorter page is
 * the last. An endpoint whose documentation gives no page size gets the size its sandbox route
 * serves, written here and in sandbox/BEHAVIOUR.md with "not documented" (CONTRIBUTING → A list
 * the documentation does not page).
 */
export const PAGE_SIZES = {
	accounts: 50,
	automatedTests: 25,
	spamTests: 10,
} as const;

/**
 * `per_page` asked of every page-numbered list (or the limit, when smaller): the sandbox accepts up
 * to 100; the service's maximum is not documented, and a service that serves fewer per page is read
 * all the same (transport/pagination.ts learns the size it really uses).
 */
export const MAX_PER_PAGE = 100;
