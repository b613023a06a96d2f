import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { objectAnswer, type CreateWording } from '../../../shared/transport';
import type { Item } from '../../helpers/item';
import { collectionOf } from '../../params/collections';
import { seedlistOption, SPAM_TEST_SEEDLISTS } from '../../params/fields';

import type { ToolFacts } from '../../helpers/toolMode';
import type { BuilderFacts } from '../../helpers/builder';

export const operation = {
	name: 'Create',
	action: 'Create a spam test (one credit)',
	description: 'Start a spam test (uses one credit) and get the seed addresses to send to',
};

export const builder: BuilderFacts = {
	returns: 'one item, the new test',
	fields: {
		public_id: 'give it to spamTest get as publicId',
		public_full_id: 'put it in the body of the message sent to the seeds',
		seed_emails: 'the seed addresses, comma-separated: the To of the message',
		seed_count: '',
	},
	note: 'Costs one credit per call: create one test per message, never in a loop or on retry. Next: send the message to every seed address, then spamTest get with waitForCompletion.',
};

/** Its headline when the answer to its create is lost (the transport never repeats it). */
const creates: CreateWording = {
	what: 'The spam test may have been created (and a credit spent)',
	where: 'Spam Test → Get Many',
};

export const tool: ToolFacts = {
	/** For a model: the ids, the seed addresses once, the cost and what to do next. */
	slim: (test) => {
		const seeds =
			typeof test.seed_emails === 'string' && test.seed_emails !== ''
				? test.seed_emails.split(',')
				: [];
		const out: IDataObject = {};
		for (const key of ['id', 'public_id', 'public_full_id', 'seedlist', 'test_type']) {
			if (test[key] !== undefined && test[key] !== null) out[key] = test[key];
		}
		out.credits_used = 1;
		out.seed_emails = seeds;
		out.next_step =
			`Send the message to test to all ${seeds.length} seed_emails, with "${String(test.public_full_id ?? '')}" ` +
			`somewhere in its body; then get the spam test by public_id "${String(test.public_id ?? '')}" for the results ` +
			'(placement completes once every seed received it). Do not create another test for the same message: each costs a credit.';
		return out;
	},
};

export const description: INodeProperties[] = [
	{
		displayName:
			'Creating a spam test uses one spam check credit. Next: send your message to every address in <code>seed_emails</code> (e.g. with the Send Email node, To = <code>{{ $json.seed_emails }}</code>) and put <code>public_full_id</code> somewhere in the body; then use Spam Test → Get with "Wait for Completion" to collect the results.',
		name: 'createNotice',
		type: 'notice',
		default: '',
	},
	collectionOf('additionalFields', [
		seedlistOption(
			SPAM_TEST_SEEDLISTS,
			'Which seedlist (1 to 4) receives the test. The service uses its default when omitted',
		),
	]),
];

/** The seed addresses of a test, in the order the service lists them. */
function seedEmails(test: IDataObject): string[] {
	const results = Array.isArray(test.results) ? (test.results as IDataObject[]) : [];
	return results
		.map((r) => r?.email)
		.filter((e): e is string => typeof e === 'string' && e.trim() !== '');
}

const answer = objectAnswer('the new spam test (with public_id)', 'public_id');

export async function execute(this: IExecuteFunctions, item: Item): Promise<IDataObject> {
	const i = item.index;
	const v = item.fields;
	const fields = item.collection('additionalFields');
	const body: IDataObject =
		fields.seedlist === undefined
			? {}
			: { seedlist: v.oneOf('seedlist', fields.seedlist, SPAM_TEST_SEEDLISTS) };
	const test = await item.request({
		method: 'POST',
		path: '/spam_tests',
		creates,
		body,
		kind: 'create',
		answer,
	});
	const seeds = seedEmails(test);
	if (i === 0) {
		this.addExecutionHints({
			message: `Next: send your message to the ${seeds.length} addresses in seed_emails with public_full_id (${String(test.public_full_id ?? '')}) in the body, then use Spam Test → Get with "Wait for Completion".`,
			type: 'info',
			location: 'outputPane',
		});
	}
	return { ...test, seed_emails: seeds.join(','), seed_count: seeds.length };
}
