/**
 * An accepted delivery is answered by n8n once it created the run (n8n 2, `responseMode: 'onReceived'`, emulated by
 * support/harness.ts), and the duplicate memory follows that answer: an event whose run could not be created is not
 * remembered, so the service's next attempt starts it, and a repeat that arrives while the first delivery is still
 * starting its run waits for the outcome instead of being called a duplicate of a run that may never exist. Each
 * request loads the static data afresh and n8n saves it only when the run was created (n8nWebhookRequests.ts).
 */
import { sleep } from 'n8n-workflow';

import { useTriggerSandbox } from './helpers';
import { activated, deliver, newProcess } from './n8nWebhookRequests';

const ctx = useTriggerSandbox();

/** n8n creating a run: settled by the test. */
function runCreation(): { created: () => Promise<boolean>; settle: (ok: boolean) => void } {
	let settle: (ok: boolean) => void = () => {};
	const outcome = new Promise<boolean>((resolve) => (settle = resolve));
	return { created: async () => await outcome, settle };
}

/** One webhook processor and the database of a freshly published trigger. */
async function active() {
	return { ...(await activated(ctx)), process: newProcess() };
}

/** A first delivery whose run n8n is still creating, and a repeat of it sent while it is. */
async function repeatWhileStarting(
	{ db, secret, process }: Awaited<ReturnType<typeof active>>,
	eventId: string,
) {
	const first = runCreation();
	const firstAnswer = deliver(db, process, secret, eventId, first.created);
	await sleep(50);
	const repeat = deliver(db, process, secret, eventId);
	await sleep(50);
	return { settleFirst: first.settle, firstAnswer, repeat };
}

describe('an accepted delivery counts once n8n created its run', () => {
	it('a delivery whose run n8n could not create is not remembered: the next attempt starts the run', async () => {
		const { db, secret, process } = await active();
		const failed = await deliver(db, process, secret, 'evt_failed', async () => false);
		expect(failed.status).toBe(500);

		const retry = await deliver(db, process, secret, 'evt_failed');
		expect(retry).toMatchObject({ status: 200, answer: 'accepted', runs: 1 });
		const again = await deliver(db, process, secret, 'evt_failed');
		expect(again).toMatchObject({ status: 200, answer: 'duplicate', runs: 0 });
		expect(db.ids()).toEqual(['evt_failed']);
	});

	it('a repeat while the first delivery is starting its run waits, then is a duplicate once the run exists', async () => {
		const { settleFirst, firstAnswer, repeat } = await repeatWhileStarting(
			await active(),
			'evt_slow',
		);
		settleFirst(true);

		expect(await firstAnswer).toMatchObject({ status: 200, answer: 'accepted', runs: 1 });
		expect(await repeat).toMatchObject({ status: 200, answer: 'duplicate', runs: 0 });
	});

	it('a repeat that waited for a first delivery whose run failed starts the run itself', async () => {
		const published = await active();
		const { settleFirst, firstAnswer, repeat } = await repeatWhileStarting(
			published,
			'evt_taken_over',
		);
		settleFirst(false);

		expect((await firstAnswer).status).toBe(500);
		expect(await repeat).toMatchObject({ status: 200, answer: 'accepted', runs: 1 });
		expect(published.db.ids()).toEqual(['evt_taken_over']);
	});

	it('a repeat is answered 503 "try again" while the first delivery is still starting after the wait, and starts nothing', async () => {
		const { db, secret, process } = await active();
		// The repeat waits pendingPolicy.waitMs (2 s) for the first, which is still open then.
		const first = runCreation();
		const firstAnswer = deliver(db, process, secret, 'evt_open', first.created);
		await sleep(50);
		expect(await deliver(db, process, secret, 'evt_open')).toMatchObject({
			status: 503,
			runs: 0,
		});
		first.settle(true);
		expect((await firstAnswer).status).toBe(200);
		expect(await deliver(db, process, secret, 'evt_open')).toMatchObject({
			answer: 'duplicate',
			runs: 0,
		});
	});

	it('an id whose run failed leaves the saved copy at the next save, and a repeat then starts it anywhere', async () => {
		const { db, secret, process } = await active();
		// evt_ok carries a save while evt_lost is accepted beside it (pending: saved with it); evt_lost's run then fails.
		const lost = runCreation();
		const carrier = deliver(db, process, secret, 'evt_ok');
		const lostAnswer = deliver(db, process, secret, 'evt_lost', lost.created);
		expect((await carrier).answer).toBe('accepted');
		lost.settle(false);
		expect((await lostAnswer).status).toBe(500);

		// The next save drops it; a restarted process, which knows only the saved copy, starts the lost event.
		await sleep(600);
		await deliver(db, process, secret, 'evt_next');
		expect(db.ids()).toEqual(['evt_ok', 'evt_next']);
		expect(await deliver(db, newProcess(), secret, 'evt_lost')).toMatchObject({ runs: 1 });
	});
});
