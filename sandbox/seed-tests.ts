/** Seed automated tests and spam tests (most completed, dated in the past, some of them runs of automated tests). */
import type { AutomatedTest, ProjectKey } from './resources';
import { completeTest, newSpamTest, seedsOf } from './spam-test-engine';
import type { Store } from './store';
import { DAY, at, utcHour } from './util';

const AT_SUBJECTS = [
	'Weekly Newsletter',
	'Spring Promo',
	'Welcome aboard',
	'Product update',
	'Monthly newsletter digest',
	'Flash promo: 20% off',
	'Welcome series',
	'Invoice reminder',
];
const ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'UTC'];

export function seedAutomatedTests(store: Store, accountsA: number): void {
	const pick = (id: number): number => Math.min(id, accountsA);
	const add = (project: ProjectKey, k: number, accountIds: number[]): void => {
		const id = store.nextId.automatedTest++;
		const active = k % 3 !== 0;
		const tz = ZONES[k % ZONES.length];
		const hour = (k * 5) % 24;
		const created = at(
			project === 'A' ? '2025-01-01T08:00:00.000Z' : '2025-02-01T08:00:00.000Z',
			k * DAY,
		);
		const lastRun =
			active || k % 2 === 0 ? at('2025-06-01T07:00:00.000Z', ((k * 11) % 40) * DAY) : null;
		const weekdays = active ? (k % 2 === 0 ? [1, 3, 5] : [1 + (k % 7)]) : [];
		const test: AutomatedTest = {
			project,
			id,
			key: store.randomId(16),
			subject:
				project === 'A'
					? `${AT_SUBJECTS[(k - 1) % AT_SUBJECTS.length]} #${k}`
					: `B project check #${k}`,
			content_text: `Hello from automated test ${k}`,
			content_html: `<p>Hello from automated test ${k}</p>`,
			template_defined: true,
			btob: k % 2 === 0,
			btoc: k % 3 === 0,
			account_ids: [...new Set(accountIds)],
			repeat_period: k % 5 === 0 ? 'DAY' : 'WEEK',
			repeat_period_delay: 1 + (k % 3),
			time_zone: tz,
			hour,
			utc_hour: utcHour(hour, tz),
			active,
			last_run_at: lastRun,
			created_at: created,
			can_show_run_now: active,
			account_day_delta: k % 3,
			seedlist: k % 5,
			runs: weekdays.map((weekday) => ({
				id: store.nextId.run++,
				automated_test_id: id,
				weekday,
				last_run_at: lastRun,
				created_at: created,
				updated_at: created,
			})),
		};
		store.automatedTests.set(id, test);
	};
	for (let k = 1; k <= 32; k++) {
		const ids = k % 8 === 1 ? [1] : k % 8 === 2 ? [2, 3] : [((k * 7) % 60) + 1];
		add('A', k, ids.map(pick));
	}
	add('B', 1, [100001]);
	add('B', 2, [100002]);
}

const ST_SUBJECTS = [
	'Spring Promo',
	'Weekly Newsletter',
	'Welcome to Acme',
	'Invoice reminder',
	'Product update',
];
const SENDERS = ['hello@clean-letters.com', 'news@acme-mail.com', 'deals@spammy-offers.biz'];

export function seedSpamTests(store: Store): void {
	for (let k = 1; k <= 36; k++) {
		const created = at('2025-03-01T09:00:00.000Z', k * 12 * 3600000);
		const test = newSpamTest(store, 'A', [1, 1, 2, 3, 4, 1][k % 6], created);
		test.testType = (['all', 'btob', 'btoc'] as const)[k % 3];
		let sender = SENDERS[(k * 7) % 3];
		let subject = `${ST_SUBJECTS[k % ST_SUBJECTS.length]} #${k}`;
		if (k % 4 === 0) {
			const automatedTest = store.automatedTests.get(((k / 4 - 1) % 5) + 1)!;
			const account = store.accounts.get(automatedTest.account_ids[0]);
			test.automated = true;
			test.automatedTestId = automatedTest.id;
			test.autofixTriggered = k % 8 === 0;
			test.autofixCompleted = k % 16 === 0;
			test.account = account?.email ?? null;
			test.subject = automatedTest.subject;
			subject = automatedTest.subject;
			sender = account?.email ?? sender;
		}
		const arrived = at(created, 600000);
		if (k % 7 !== 3) completeTest(test, sender, subject, null, arrived);
		else if (k === 10)
			completeTest(test, sender, subject, null, arrived, seedsOf(test.seedlist).slice(0, 6));
		store.spamTests.set(test.publicId, test);
	}
	for (let k = 1; k <= 2; k++) {
		const test = newSpamTest(store, 'B', 1, at('2025-04-01T09:00:00.000Z', k * DAY));
		if (k === 1)
			completeTest(test, 'team@b-corp-mail.com', 'B newsletter', null, at(test.createdAt, 600000));
		store.spamTests.set(test.publicId, test);
	}
}
