/** Spam test completion the real way: copies sent over SMTP (nodemailer) to every seed with public_full_id. */
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { eventually, startReceiver, useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox();

function transport(auth = false) {
	return nodemailer.createTransport({
		host: '127.0.0.1',
		port: t.sb.smtpPort,
		secure: false,
		ignoreTLS: true,
		...(auth ? { auth: { user: 'someone', pass: 'anything' } } : {}),
	});
}

async function send(options: SendMailOptions, auth = false) {
	const tr = transport(auth);
	try {
		return await tr.sendMail(options);
	} finally {
		tr.close();
	}
}

/** A copy of a spam test's message to these seeds: its public_full_id as the whole body. */
const sendCopy = (test: Json, from: string, to: string[], subject: string) =>
	send({ from, to, subject, text: test.public_full_id });
/** The results of a test whose copy has arrived. */
const received = (test: Json): Json[] =>
	test.results.filter((r: { received_in: string | null }) => r.received_in !== null);

const emails = (test: Json): string[] => test.results.map((r: { email: string }) => r.email);
const get = async (publicId: string): Promise<Json> =>
	(await t.get(`/spam_tests/${publicId}`)).data;
const INBOX = new Set(['INBOX', 'PERSONAL', 'IMPORTANT']);

describe('SMTP inbound', () => {
	it('a copy to every seed with public_full_id in the body completes the test with placements, summary and score', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		const info = await send({
			from: 'Newsletter <news@clean-letters.com>',
			to: emails(created),
			subject: 'Our spring newsletter',
			text: `Hello!\n\nTracking: ${created.public_full_id}\n`,
		});
		expect(info.accepted).toHaveLength(20);
		const test = await get(created.public_id);
		expect(test.completed).toBe(true);
		expect(
			test.results.every((r: { received_in: string | null }) => typeof r.received_in === 'string'),
		).toBe(true);
		expect(
			test.results.every((r: { raw_headers: string }) =>
				/Subject: Our spring newsletter/.test(r.raw_headers),
			),
		).toBe(true);
		const counts: Record<string, number> = {};
		for (const r of test.results) counts[r.received_in] = (counts[r.received_in] ?? 0) + 1;
		expect(test.summary).toEqual(counts);
		const inbox = test.results.filter((r: { received_in: string }) =>
			INBOX.has(r.received_in),
		).length;
		expect(test.score).toBe(Math.round((100 * inbox) / 20) / 10);
		expect(test.score).toBe(9); // clean senders: 90 % inbox, exactly
		expect(test.final_score).toBe(test.score);
		const share = (desc: string): number => {
			const rs = test.results.filter((r: { desc: string }) => r.desc === desc);
			return (
				Math.round(
					(100 * rs.filter((r: { received_in: string }) => INBOX.has(r.received_in)).length) /
						rs.length,
				) / 10
			);
		};
		expect(test.btob_score).toBe(share('btob'));
		expect(test.btoc_score).toBe(share('btoc'));
		expect(test).toMatchObject({
			sender: 'news@clean-letters.com',
			subject: 'Our spring newsletter',
			domain: 'clean-letters.com',
			tld: 'com',
			blacklist_links: [],
			spam: false,
		});
		expect(test.first_message_content).toContain(created.public_full_id);
		expect(JSON.parse(test.analysis_results)).toHaveProperty('spam_words');
		expect(test.domain_auth).toMatchObject({ domain: 'clean-letters.com', spf_valid: true });
	});

	it('completes only once every seed has its copy', async () => {
		const created = (await t.post('/spam_tests', { seedlist: 2 })).data;
		const seeds = emails(created);
		await sendCopy(created, 'a@acme-mail.com', seeds.slice(0, 8), 'Part 1');
		const half = await get(created.public_id);
		expect(half.completed).toBe(false);
		expect(received(half)).toHaveLength(8);
		expect(Object.values(half.summary as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
			8,
		);
		await sendCopy(created, 'a@acme-mail.com', seeds.slice(8, 15), 'Part 1');
		expect((await get(created.public_id)).completed).toBe(false);
		await sendCopy(created, 'a@acme-mail.com', seeds.slice(15), 'Part 1');
		const full = await get(created.public_id);
		expect(full.completed).toBe(true);
		expect(full.score).toBe(7.5); // 75 % inbox for ordinary senders: 12 of 16
	});

	it('with a seed delay, the copies count only after it: the test stays incomplete, then completes at once', async () => {
		expect((await t.admin('POST', '/settings', { seedDelayMs: 700 })).status).toBe(200);
		const created = (await t.post('/spam_tests', { seedlist: 2 })).data;
		await sendCopy(created, 'a@clean-letters.com', emails(created), 'Later');
		const before = await get(created.public_id);
		expect(before.completed).toBe(false);
		expect(received(before)).toHaveLength(0);
		expect((await t.admin('GET', '/smtp')).data[0].matchedPublicIds).toEqual([created.public_id]);
		await eventually(async () => (await get(created.public_id)).completed === true);
	});

	it('placement is deterministic: the same creates and sends after a reset give the same results', async () => {
		const run = async (): Promise<Json> => {
			const created = (await t.post('/spam_tests', {})).data;
			await send({
				from: 'x@acme-mail.com',
				to: emails(created),
				subject: 'Repeat',
				text: `id ${created.public_full_id}`,
			});
			return get(created.public_id);
		};
		const first = await run();
		await t.admin('POST', '/reset');
		const second = await run();
		expect(second.public_id).toBe(first.public_id);
		expect(second.results.map((r: { received_in: string }) => r.received_in)).toEqual(
			first.results.map((r: { received_in: string }) => r.received_in),
		);
		expect(second.score).toBe(first.score);
		// The admin shortcut places copies exactly like SMTP.
		await t.admin('POST', '/reset');
		const created = (await t.post('/spam_tests', {})).data;
		const viaAdmin = (
			await t.admin('POST', `/spam_tests/${created.public_id}/complete`, {
				sender: 'x@acme-mail.com',
			})
		).data;
		expect(viaAdmin.results.map((r: { received_in: string }) => r.received_in)).toEqual(
			first.results.map((r: { received_in: string }) => r.received_in),
		);
	});

	it('finds the id in HTML-only, quoted-printable and base64 bodies, with SMTP AUTH too', async () => {
		for (const [i, options] of [
			{ html: '<p>Hi</p><p style="color:#333">REF</p>' },
			{
				text: `${'é'.repeat(120)} REF ${'x'.repeat(200)}`,
				textEncoding: 'quoted-printable' as const,
			},
			{ text: 'Line one\nREF\n', textEncoding: 'base64' as const },
		].entries()) {
			const created = (await t.post('/spam_tests', { seedlist: 4 })).data;
			const fill = (s: string | undefined): string | undefined =>
				s?.replace('REF', created.public_full_id);
			await send(
				{
					from: 'b@acme-mail.com',
					to: emails(created),
					subject: `Encoded ${i}`,
					...options,
					text: fill(options.text),
					html: fill((options as { html?: string }).html),
				},
				i === 0,
			);
			expect((await get(created.public_id)).completed).toBe(true);
		}
	});

	it('rejects recipients that are not seed addresses, and a message without an id changes no test', async () => {
		await expect(
			send({ from: 'a@b.test', to: ['nobody@example.com'], text: 'x' }),
		).rejects.toThrow();
		const created = (await t.post('/spam_tests', {})).data;
		const info = await send({
			from: 'a@b.test',
			to: [emails(created)[0], 'nobody@example.com'],
			text: 'no tracking id here',
		});
		expect(info.rejected).toEqual(['nobody@example.com']);
		expect(
			(await get(created.public_id)).results.every(
				(r: { received_in: string | null }) => r.received_in === null,
			),
		).toBe(true);
		const inbox = (await t.admin('GET', '/smtp')).data;
		expect(inbox.at(-1)).toMatchObject({
			from: 'a@b.test',
			to: [emails(created)[0]],
			matchedPublicIds: [],
		});
	});

	it('accepts team mailboxes (@team.sandbox.test) beside the seeds, logs their mail and fills no test with it', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		const info = await send({
			from: 'bot@team.sandbox.test',
			to: ['ops@team.sandbox.test'],
			subject: 'Weekly report',
			html: `<h1>Report</h1><p>${created.public_full_id}</p>`,
		});
		expect(info.accepted).toEqual(['ops@team.sandbox.test']);
		expect(
			(await get(created.public_id)).results.every(
				(r: { received_in: string | null }) => r.received_in === null,
			),
		).toBe(true);
		expect((await t.admin('GET', '/smtp')).data.at(-1)).toMatchObject({
			to: ['ops@team.sandbox.test'],
			subject: 'Weekly report',
			text: expect.stringContaining('Report'),
		});
		await expect(
			send({ from: 'a@b.test', to: ['ops@team.sandbox.test.example.com'], text: 'x' }),
		).rejects.toThrow();
	});

	it('the id must be in the body: an id in the Subject header only matches nothing', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		await send({
			from: 'a@acme-mail.com',
			to: emails(created),
			subject: `Test ${created.public_full_id}`,
			text: 'no id in the body',
		});
		expect(
			(await get(created.public_id)).results.every(
				(r: { received_in: string | null }) => r.received_in === null,
			),
		).toBe(true);
		expect((await t.admin('GET', '/smtp')).data.at(-1).matchedPublicIds).toEqual([]);
	});

	it('the SMTP inbox records each message with the tests it matched', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		await sendCopy(created, 'Team <team@acme-mail.com>', emails(created).slice(0, 2), 'Logged');
		const inbox = (await t.admin('GET', '/smtp')).data;
		expect(inbox).toHaveLength(1);
		expect(inbox[0]).toEqual({
			from: 'team@acme-mail.com',
			to: emails(created).slice(0, 2),
			subject: 'Logged',
			text: expect.stringContaining(created.public_full_id),
			matchedPublicIds: [created.public_id],
			at: expect.any(String),
		});
	});

	it('spammy senders land mostly in SPAM and show blacklists', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		await sendCopy(created, 'deals@spammy-offers.biz', emails(created), 'WIN');
		const test = await get(created.public_id);
		expect(test.score).toBe(2);
		expect(test.summary.SPAM).toBe(16);
		expect(test.spam).toBe(true);
		expect(test.blacklist_links.length).toBeGreaterThan(0);
		expect(test.blacklist_sending_ip.length).toBeGreaterThan(0);
	});

	it('an audience-filtered test completes when its visible seeds have their copies', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		const btob = (await t.post(`/spam_tests/${created.public_id}`, { type: 'btob' })).data;
		await sendCopy(created, 'c@acme-mail.com', emails(btob), 'B2B');
		const test = await get(created.public_id);
		expect(test.completed).toBe(true);
		expect(test.btoc_score).toBeNull();
		expect(test.final_score).toBe(test.btob_score);
	});

	it('completion by SMTP delivers SPAMCHECK_COMPLETED to subscribed alerts', async () => {
		const receiver = await startReceiver();
		try {
			await t.post('/alerts', {
				channel: 'HOOK_URL',
				events: ['SPAMCHECK_COMPLETED'],
				active: true,
				hook_url: receiver.url,
			});
			const created = (await t.post('/spam_tests', {})).data;
			await sendCopy(created, 'n@clean-letters.com', emails(created).slice(0, 19), 'Almost');
			await new Promise((r) => setTimeout(r, 100));
			expect(receiver.received).toEqual([]);
			await sendCopy(created, 'n@clean-letters.com', emails(created).slice(19), 'Almost');
			await eventually(() => receiver.received.length === 1);
			expect(receiver.received[0].body).toMatchObject({
				event: 'SPAMCHECK_COMPLETED',
				public_id: created.public_id,
				score: 9,
			});
		} finally {
			await receiver.close();
		}
	});
});
