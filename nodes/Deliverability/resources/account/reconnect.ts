/**
 * Account → Reconnect: POST /accounts/{id}/reconnect (no body) queues one reconnect attempt (OAuth
 * tokens refreshed or the IMAP/SMTP login tried again) and answers 201 `{queued, job_id}`. The job
 * id cannot be polled (it is not a task id), so waiting means reading the account (GET
 * /accounts/{id}) until `imap_issue` is cleared, through the one wait loop.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer } from '../../../shared/transport';
import { answer as getAnswer } from './get';
import type { Item } from '../../helpers/item';
import { idPicker } from '../../params/locator';
import { changed, outputFields, shaped } from '../../params/output';
import { waitForCompletionFields } from '../../params/wait';
import { simplifyAccount } from './shared/simplified';
import { waitFlags, waitUntil } from '../../helpers/waitLoop';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Reconnect',
	action: 'Reconnect a mailbox',
	description:
		'Queue a reconnect attempt for a disconnected mailbox, optionally waiting until its connection is back',
};

export const builder: BuilderFacts = {
	returns: 'one item (with waitForCompletion true: the mailbox once its connection is back)',
	fields: {
		account_id: '',
		queued: '',
		outcome: '',
		message: 'what happened, in words',
	},
};

export const description: INodeProperties[] = [
	idPicker('accountId'),
	...waitForCompletionFields(
		'the mailbox is reconnected',
		'imap_issue is false: its connection is back',
		'The reconnect runs in the background. Turn on "Wait for Completion" to get the mailbox once its connection is back, or check it later with Mailbox → Get (imap_issue).',
	),
	...outputFields({
		simplify: 'Whether to return a simplified version of the response instead of the raw data',
		simplified:
			'The mailbox, once waited for, with a verdict (pass, warn, fail) and its reasons, reputation scores, disconnected, paused and the warm-up setting (warming_enabled); not waited for, whether the reconnect was queued, in words',
		kept: 'id',
		example: 'email, imap_issue',
	}),
];

/**
 * The connection is back once the account no longer reports an IMAP issue ("false" text from a
 * proxy too).
 */
export function reconnected(account: IDataObject): boolean {
	return account.imap_issue === false || account.imap_issue === 'false';
}

/**
 * "Completed" once a read of the account shows its connection back (only a waited answer reads it);
 * a queued reconnect not waited for is "Not Yet": check it later with Account → Get.
 */
export function completed(answer: IDataObject): boolean {
	return answer.reconnected === true;
}

/** A reconnect not waited for, in words: queued as the service said (`queued`), with its job id. */
function queuedWords(said: IDataObject): IDataObject {
	const id = String(said.account_id);
	const fields = {
		account_id: said.account_id,
		...(said.queued !== undefined ? { queued: said.queued } : {}),
		...(said.job_id !== undefined ? { job_id: said.job_id } : {}),
	};
	if (said.queued === false || said.queued === 'false')
		return changed(fields, {
			outcome: 'not queued',
			message: `The service answered queued: false for the reconnect of mailbox ${id}`,
		});
	return changed(fields, {
		outcome: 'queued',
		message: `Reconnect of mailbox ${id} queued${said.job_id !== undefined ? ` (job ${String(said.job_id)})` : ''}: check imap_issue with Mailbox → Get later, or turn on "Wait for Completion"`,
	});
}

const answer = objectAnswer('the queued reconnect ({queued, job_id})', 'queued', 'job_id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const i = item.index;
	const { id, settings, view } = item.fields.all({
		id: () => item.numericId('accountId'),
		settings: () => item.wait(),
		view: () => item.output(),
	});
	// An update, not a create: it makes nothing new. A repeat after a lost answer only queues a
	// second attempt at the same connection, which is harmless, so the transport may retry it after a
	// 5xx or a reset.
	const job = await item.request({
		method: 'POST',
		path: `/accounts/${id}/reconnect`,
		kind: 'update',
		answer,
	});
	// What the service said about the queued attempt (nothing filled in for a field it left out).
	const queued: IDataObject = {
		account_id: id,
		...(job.queued !== undefined ? { queued: job.queued } : {}),
		...(job.job_id !== undefined ? { job_id: job.job_id } : {}),
	};
	if (!settings.waitForCompletion) {
		this.addExecutionHints({
			message: `The reconnect of mailbox ${id} is queued: turn on "Wait for Completion", or use Mailbox → Get later, to see whether imap_issue cleared.`,
			location: 'outputPane',
		});
		return shaped({ ...job, ...queued }, view, queuedWords, ['account_id']);
	}
	const fetch = async () =>
		await item.request({ method: 'GET', path: `/accounts/${id}`, answer: getAnswer });
	const { answer: account, outcome } = await waitUntil(
		this,
		i,
		settings,
		fetch,
		reconnected,
		`mailbox ${id} to reconnect (imap_issue false)`,
	);
	const flags = waitFlags(outcome);
	// The wait's flags follow the account's fields in Raw and Selected Fields, and come last after
	// Simplified.
	return {
		...shaped(account, view, simplifyAccount, ['id'], flags),
		reconnected: reconnected(account),
		...(queued.job_id !== undefined ? { job_id: queued.job_id } : {}),
		...flags,
	};
}
