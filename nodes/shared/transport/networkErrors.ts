/**
 * The errors of a request that got no answer: unreachable, timed out, broken off, out of its
 * poll's time, or cancelled with its execution.
 */
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { headlineError } from '../headlineError';
import type { Pacer } from '../pacer';
import { pacerPolicy } from '../pacerPolicy';
import { createHeadline, hostOf, type Where } from './errors';
import { CUT_ON_THE_WAY, proxyNetworkError } from './proxies';
import { kindOf, TIMEOUTS } from './retries';
import type { ApiContext, ApiRequest } from './types';

/**
 * The error of a request that got no answer (after retries): unreachable, timed out, or broken off.
 */
export function networkError(
	ctx: ApiContext,
	request: ApiRequest,
	where: Where,
	code: string | undefined,
	attempts: number,
	remembered?: Pacer,
): NodeApiError {
	const memory = remembered
		? ` Not tried again: a connection to this Base URL was refused ${((Date.now() - remembered.refusedAt) / 1000).toFixed(1)} s ago (remembered for ${pacerPolicy.refusedMemoryMs / 1000} s).`
		: '';
	if (where.proxy)
		return proxyNetworkError(ctx, request, where, code, `Attempts: ${attempts}.${memory}`);
	const shown = code ?? 'network error';
	const service = `The service at ${where.baseUrl}`;
	const seconds = Math.round(where.timeoutMs / 1000);
	let headline: string;
	let advice =
		'Check that the service is running and that the Base URL in the credential is right (the service address ending in /api/v1).';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		headline = `${service} cannot be reached (its host name ${hostOf(where.baseUrl)} could not be found)`;
		advice =
			'Check the Base URL in the credential for a typo, and that this n8n can resolve the host name (DNS, VPN, network).';
	} else if (code === 'ECONNREFUSED') {
		headline = `${service} cannot be reached (connection refused)`;
		advice =
			'Nothing accepts connections at that address: check that the service is running, and the host and port of the Base URL in the credential.';
	} else if (kindOf(request) === 'create') {
		const cause =
			code && TIMEOUTS.has(code)
				? `no complete answer came within ${seconds} s`
				: 'the connection broke before the answer came';
		headline = createHeadline(request, cause);
		advice =
			'Creates are never repeated automatically after the request may have reached the service.';
	} else if (code && TIMEOUTS.has(code)) {
		headline = `${service} did not send a complete answer within ${seconds} s (timed out)`;
		advice = `Check that the service is running and reachable from this n8n; if its answers are just slow, raise "Timeout (Seconds)" in the credential.`;
	} else {
		headline = `The connection to ${where.baseUrl} broke before the answer came`;
		if (code === 'ECONNRESET') advice = CUT_ON_THE_WAY;
	}
	return headlineError(ctx.getNode(), headline, {
		response: { message: headline, networkCode: code ?? 'UNKNOWN' } as JsonObject,
		description: `${advice} Network error: ${shown}. Attempts: ${attempts}.${memory} (${request.method} ${request.path})`,
		itemIndex: request.itemIndex,
	});
}

/**
 * A request that could not end within its session's time limit (a poll's budget, session.ts): what
 * it was waiting for when the time ran out, and that nothing came of it. `last`: the last problem,
 * in words.
 */
export function outOfTimeError(
	ctx: ApiContext,
	request: ApiRequest,
	where: Where,
	budgetMs: number,
	last: string,
	attempts: number,
): NodeApiError {
	const seconds = Math.round(budgetMs / 1000);
	const headline = `The service at ${where.baseUrl} did not answer ${request.method} ${request.path} within the ${seconds} s this poll may take`;
	return headlineError(ctx.getNode(), headline, {
		response: { message: headline, networkCode: 'ETIMEDOUT' } as JsonObject,
		description: `n8n gives each poll ${seconds} s (its poll time limit, N8N_SCHEDULER_POLL_TIMEOUT, less a safety margin) and drops a poll that runs longer without reporting it, so the trigger stops first and reports it here. Last problem: ${last}. Attempts: ${attempts}. Nothing was emitted or remembered from this poll: the next poll asks again. If the service is just slow, poll less often or raise N8N_SCHEDULER_POLL_TIMEOUT.`,
	});
}

/** A request stopped because the execution was stopped. */
export function cancelledError(ctx: ApiContext, request: ApiRequest): NodeApiError {
	return new NodeApiError(ctx.getNode(), { message: 'Request cancelled' } as JsonObject, {
		message: 'The request was cancelled because the execution stopped',
		itemIndex: request.itemIndex,
	});
}
