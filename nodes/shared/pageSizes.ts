/**
 * How many records a full page of each of the service's page-numbered lists holds (the spec's
 * limits: GET /accounts 50, GET /automated_tests 25, GET /spam_tests 10); a shorter page is the
 * last. Every walk of these lists reads its size here: the operations' Return All, the pickers'
 * next page, the trigger's automated test list.
 */
export const PAGE_SIZES = {
	accounts: 50,
	automatedTests: 25,
	spamTests: 10,
} as const;
