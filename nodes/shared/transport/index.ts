/**
 * The only way to the service: every request of the three nodes is `apiRequest` (one call) or
 * `apiRequestAllItems` (page-numbered lists), so auth, pacing, retries, error mapping and
 * pagination exist once. One concern per file:
 * - session.ts: the credential, read once per caller (each caller opens its session and passes it
 *   on);
 * - request.ts: one call with its attempts;
 * - retries.ts: which failures are retried, and how long to wait;
 * - errors.ts: what the errors the user reads share (where the request went, lost-create
 *   headlines); statusErrors.ts: a 4xx/5xx answer in the service's words, with the status's
 *   guidance; answerErrors.ts: a 2xx answer of the wrong shape; networkErrors.ts: no answer;
 * - certificates.ts: an HTTPS connection refused before sending (which certificate problem, and its
 *   fix);
 * - answers.ts: reading successful answers (checked against the operation's `answer` fact);
 *   answerText.ts: a body as text for a person (excerpt, web page or not, the service's message);
 * - answerSecrets.ts: secrets taken out of every successful answer;
 * - facts.ts: the answer facts themselves (one declared wrongly is refused as the code's mistake);
 * - pagination.ts: walking page-numbered lists;
 * - types.ts: the shapes they share.
 */
export { listFrom } from './answers';
export { LOOKAHEAD_PAGES, apiRequestAllItems } from './pagination';
export { apiRequest } from './request';
export { baseUrlOf, openSession, type Session } from './session';
export { objectAnswer } from './facts';
export { networkCode, parseRetryAfter, retryPolicy } from './retries';
export {
	CREDENTIAL_NAME,
	type AnswerFact,
	type ApiContext,
	type ApiRequest,
	type CreateGate,
	type CreateWording,
	type RequestKind,
	type RequestMethodAndKind,
	type RequestTarget,
} from './types';
