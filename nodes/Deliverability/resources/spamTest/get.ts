import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readBoolean } from '../../../shared/lenient';
import type { Item } from '../../helpers/item';
import type { ToolFacts } from '../../helpers/toolMode';
import { waitFlags, waitUntil, withWaitFlags } from '../../helpers/waitLoop';
import { collectionOf } from '../../params/collections';
import { idPicker } from '../../params/locator';
import { outputFields, shaped } from '../../params/output';
import { waitForCompletionFields } from '../../params/wait';
import { SPAM_TEST } from './shared/answers';
import { inboxThresholds, thresholdOptions } from './shared/inboxVerdict';
import { simplifySpamTest } from './shared/simplified';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Get',
	action: 'Get a spam test',
	description: 'Retrieve a spam test, optionally waiting until it is complete',
};

export const builder: BuilderFacts = {
	returns: 'one item per test',
	fields: {
		public_id: '',
		completed: 'true once every seed copy arrived',
		final_score: '0 to 10, the score to gate on',
		verdict: 'pass, warn, fail or pending',
		verdict_reason: 'in words',
		inbox_percent: '',
		spam_percent: '',
		placement: 'per mailbox provider',
		authentication: 'SPF, DKIM and DMARC in words',
		problems: 'list of problems in words',
	},
	note: 'publicId takes the public_id, never the public_full_id.',
};

export const tool: ToolFacts = {
	// A model must not give up on (or re-create) a test that is still collecting placements.
	nextStep: (answer) => {
		if (answer.completed !== false) return undefined;
		return answer._waitTimedOut === true
			? `Not complete yet after waiting: call this tool again with the same public_id (${String(answer.public_id ?? '')}) to keep waiting. Seeds that never receive the message keep it incomplete: check it was sent to every seed address with public_full_id in the body.`
			: `Not complete yet: the message must reach every seed address with public_full_id (${String(answer.public_full_id ?? '')}) in the body. Call this tool again in a minute or two for the results.`;
	},
};

export const description: INodeProperties[] = [
	idPicker('publicId'),
	...outputFields({
		simplify:
			'Whether to give a verdict (pass, warn, fail, pending) with its reason, placement per provider, SPF/DKIM/DMARC in words, blacklists and parsed content instead of the raw answer',
		simplified:
			'A verdict (pass, warn, fail, pending) with its reason, placement per provider, SPF/DKIM/DMARC in words, blacklists and parsed content',
		kept: 'public_id (and completed)',
		example: 'final_score, completed',
	}),
	...waitForCompletionFields('the spam test', 'completed is true: every seed copy arrived'),
	collectionOf('options', thresholdOptions),
];

/**
 * "Completed" once the service says so (`completed`, raw or simplified); else "Not Yet", to check
 * again later.
 */
export function completed(answer: IDataObject): boolean {
	return readBoolean(answer.completed) === true;
}

const answer = SPAM_TEST;

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const i = item.index;
	const v = item.fields;
	const { publicId, settings, view } = v.all({
		publicId: () => item.stringId('publicId'),
		settings: () => item.wait(),
		// The thresholds are read only for the Simplified output (they shape nothing else).
		view: () => {
			const output = item.output();
			const simple = output.mode === 'simple';
			return {
				output,
				thresholds: inboxThresholds(v, simple ? item.collection('options') : {}),
			};
		},
	});
	const { output, thresholds } = view;
	const fetch = async () =>
		await item.request({
			method: 'GET',
			path: `/spam_tests/${encodeURIComponent(publicId)}`,
			answer,
		});
	const { answer: test, outcome } = settings.waitForCompletion
		? await waitUntil(this, i, settings, fetch, completed, `spam test ${publicId} to complete`)
		: { answer: await fetch(), outcome: undefined };
	if (!settings.waitForCompletion && readBoolean(test.completed) === false) {
		this.addExecutionHints({
			message: `Spam test ${publicId} is not complete yet: send the message to every seed address with its public_full_id in the body, or turn on "Wait for Completion" to wait for the results.`,
			location: 'outputPane',
		});
	}
	// `completed` decides between the Completed and Not Yet outputs: Selected Fields keeps it with
	// the id.
	return shaped(
		test,
		output,
		(record) => withWaitFlags(simplifySpamTest(record, thresholds), outcome),
		['public_id', 'completed'],
		waitFlags(outcome),
	);
}
