/**
 * Admin API: a history the service builds over weeks, made at once: completed spam tests dated in the past with the
 * inbox share of each provider chosen, and an account's warming messages landing in spam from a day on.
 */
import { useSandbox } from './helpers';

const t = useSandbox();

interface View {
	public_id: string;
	created_at: string;
	completed: boolean;
	automated_test_id: number | null;
	final_score: number;
	results: Array<{ provider: string; received_in: string }>;
}

const inboxShare = (test: View, providers: string[]): number => {
	const seeds = test.results.filter((r) => providers.includes(r.provider));
	return Math.round((100 * seeds.filter((r) => r.received_in === 'INBOX').length) / seeds.length);
};

describe('admin spam test history', () => {
	it('makes completed tests of an automated test, oldest first, each provider at its inbox share', async () => {
		const answer = await t.admin('POST', '/spam_tests/history', {
			automated_test_id: 2,
			tests: [{ days_ago: 1, inbox_percent: { gmail: 25 } }, { days_ago: 8 }, { days_ago: 15 }],
		});
		const data = answer.data as unknown as View[];
		expect(data.map((v) => v.completed)).toEqual([true, true, true]);
		expect(data.map((v) => v.automated_test_id)).toEqual([2, 2, 2]);
		const ages = data.map((v) => (Date.now() - Date.parse(v.created_at)) / 86_400_000);
		expect(ages.map(Math.round)).toEqual([15, 8, 1]);
		expect(inboxShare(data[0], ['gmail', 'google_workspace'])).toBe(88);
		expect(inboxShare(data[2], ['gmail', 'google_workspace'])).toBe(25);
		expect(inboxShare(data[2], ['outlook', 'microsoft_365'])).toBe(88);
		const listed = (await t.get('/spam_tests', { page: 0, automated_test_id: 2 })).data as View[];
		expect(listed.slice(0, 3).map((v) => v.public_id)).toEqual(
			data.map((v) => v.public_id).reverse(),
		);
	});

	it('refuses what it cannot make', async () => {
		for (const body of [
			{ tests: [] },
			{ tests: [{ days_ago: -1 }] },
			{ tests: [{ days_ago: 1, inbox_percent: { aol: 50 } }] },
			{ tests: [{ days_ago: 1, inbox_percent: { gmail: 150 } }] },
		])
			expect((await t.admin('POST', '/spam_tests/history', body)).status).toBe(400);
		expect(
			(
				await t.admin('POST', '/spam_tests/history', {
					automated_test_id: 999,
					tests: [{ days_ago: 1 }],
				})
			).status,
		).toBe(404);
	});
});

describe('admin warming drop', () => {
	const spamShare = async (days: number) => {
		const q = { past_days: days - 1 };
		const [spam, inbox, cats, others] = await Promise.all(
			['SPAM', 'INBOX', 'CATEGORIES', 'OTHERS'].map(
				async (c) =>
					(await t.get(`/conversation_message_logs/1/sent/categories/graph/${c}`, q)).data as {
						data: number[];
					},
			),
		);
		return spam.data.map((s, i) =>
			Math.round((100 * s) / (s + inbox.data[i] + cats.data[i] + others.data[i])),
		);
	};

	it('from `days` ago on, that share of the warming messages lands in spam; null undoes it', async () => {
		const before = await spamShare(6);
		const answer = await t.admin('POST', '/accounts/1/warming', { spam_percent: 60, days: 3 });
		const data = answer.data as unknown as { drop: { since: string } };
		expect(data.drop.since).toBe(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));
		const after = await spamShare(6);
		expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
		for (const share of after.slice(3)) expect(share).toBeGreaterThanOrEqual(58);
		await t.admin('POST', '/accounts/1/warming', { spam_percent: null });
		expect(await spamShare(6)).toEqual(before);
	});

	it('sent_per_day and before make exact counts, the same on every date', async () => {
		await t.admin('POST', '/accounts/1/warming', {
			spam_percent: 50,
			days: 2,
			sent_per_day: 3,
			before: { sent_per_day: 4, spam_percent: 25 },
		});
		const graph = async (category: string) =>
			(
				(
					await t.get(`/conversation_message_logs/1/sent/categories/graph/${category}`, {
						past_days: 3,
					})
				).data as { data: number[] }
			).data;
		// Three providers a day: 4 each before (1 in spam), 3 each from the drop on (round(1.5) = 2 in spam).
		expect(await graph('INBOX')).toEqual([9, 9, 3, 3]);
		expect(await graph('SPAM')).toEqual([3, 3, 6, 6]);
		expect(await graph('CATEGORIES')).toEqual([0, 0, 0, 0]);
		expect(await graph('OTHERS')).toEqual([0, 0, 0, 0]);
		const refused = await t.admin('POST', '/accounts/1/warming', {
			spam_percent: 50,
			days: 2,
			sent_per_day: 2.5,
		});
		expect(refused.status).toBe(400);
	});
});
