/**
 * Deterministic seed data, generated in code (10,000 accounts start in well under a second). Per-account values come
 * from a hash of the id, so account 5 is the same whether the project has 120 accounts or 10,000. The facts tests
 * rely on are listed at the end of BEHAVIOUR.md; keep the two in step.
 */
import type { Alert } from './resources';
import { seedNotifications } from './notifications';
import { seedAccounts } from './seed-accounts';
import { seedAutomatedTests, seedSpamTests } from './seed-tests';
import type { Store } from './store';

/** Back to the seed data (at start and on admin /reset): the store cleared (logs, faults, settings and credits too), then seeded. */
export function resetToSeed(store: Store): void {
	store.clear();
	seedStore(store, store.options.accounts);
}

function seedStore(store: Store, accountsA: number): void {
	seedAccounts(store, accountsA);
	seedAutomatedTests(store, accountsA);
	seedSpamTests(store);
	seedAlerts(store);
	seedNotifications(store);
}

function seedAlerts(store: Store): void {
	const add = (alert: Omit<Alert, 'id'>): void => {
		const id = store.nextId.alert++;
		store.alerts.set(id, { id, ...alert });
	};
	add({
		project: 'A',
		channel: 'SLACK',
		events: ['ACCOUNT_DISCONNECTED'],
		active: true,
		hook_url: null,
		slack_channel_id: 4242,
		automated_test_ids: [],
	});
	add({
		project: 'A',
		channel: 'HOOK_URL',
		events: ['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED'],
		active: false,
		hook_url: 'https://hooks.example.com/deliverability',
		slack_channel_id: null,
		automated_test_ids: [],
	});
	add({
		project: 'A',
		channel: 'ALL',
		events: ['SPAMCHECK_COMPLETED'],
		active: false,
		hook_url: 'https://hooks.example.com/spam-tests',
		slack_channel_id: 4243,
		automated_test_ids: [1, 2],
	});
	add({
		project: 'B',
		channel: 'SLACK',
		events: ['REPUTATION_SCORE_DECREASE'],
		active: true,
		hook_url: null,
		slack_channel_id: 777,
		automated_test_ids: [],
	});
}
