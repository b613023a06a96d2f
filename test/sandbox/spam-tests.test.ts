/** Spec §4 spam tests: create with credits, list (page required, filters, the three order rules), get, update. */
import { expectError, useSandbox } from './helpers';
import type { Json } from './helpers';

const t = useSandbox();

async function list(query: Record<string, string | number>): Promise<Json[]> {
	const res = await t.get('/spam_tests', { per_page: 100, page: 0, ...query });
	expect(res.status).toBe(200);
	return res.data;
}
/** Whether these tests come in this order of a field (created_at compared as a date). */
function sortedBy(
	tests: Json[],
	field: 'created_at' | 'score' | 'final_score',
	dir: 'asc' | 'desc',
): boolean {
	const xs: number[] = tests.map((x) =>
		field === 'created_at' ? Date.parse(x.created_at) : x[field],
	);
	return xs.every((x, i) => i === 0 || (dir === 'desc' ? xs[i - 1] >= x : xs[i - 1] <= x));
}

describe('POST /spam_tests', () => {
	it('creates a pending test (201) with public_full_id = prefix + public_id and the seedlist recipients', async () => {
		const res = await t.post('/spam_tests', {});
		expect(res.status).toBe(201);
		const test = res.data;
		expect(test.public_id).toMatch(/^[a-z0-9]{10}$/);
		expect(test.public_full_id).toBe(`mlrch-${test.public_id}`);
		expect(test).toMatchObject({
			completed: false,
			test_type: 'all',
			seedlist: 1,
			score: null,
			final_score: null,
			summary: {},
			paid: true,
		});
		expect(test.results).toHaveLength(20);
		for (const r of test.results) {
			expect(r).toEqual({
				id: expect.any(Number),
				email: expect.stringMatching(/@seed1\.sandbox\.test$/),
				desc: expect.stringMatching(/^bto[bc]$/),
				first_name: expect.any(String),
				provider: expect.any(String),
				received_in: null,
				raw_headers: null,
			});
		}
		expect(new Set(test.results.map((r: { desc: string }) => r.desc))).toEqual(
			new Set(['btob', 'btoc']),
		);
		expect((await t.get(`/spam_tests/${test.public_id}`)).data).toEqual(test);
	});

	it('takes the seedlist (1–4, sizes 20/16/24/18); anything else → 422, a string → 400', async () => {
		for (const [seedlist, size] of [
			[2, 16],
			[3, 24],
			[4, 18],
		]) {
			const res = await t.post('/spam_tests', { seedlist });
			expect(res.data.results).toHaveLength(size);
			expect(res.data.results[0].email).toContain(`@seed${seedlist}.`);
		}
		for (const seedlist of [0, 5]) expectError(await t.post('/spam_tests', { seedlist }), 422);
		expectError(await t.post('/spam_tests', { seedlist: '2' }), 400);
	});

	it('consumes exactly one credit per created test; none left → 422 and nothing created', async () => {
		const before = (await t.admin('GET', '/credits')).data;
		expect(before).toEqual({ A: 500, B: 3 });
		await t.post('/spam_tests', {});
		await t.post('/spam_tests', { seedlist: 2 });
		expectError(await t.post('/spam_tests', { seedlist: 9 }), 422); // invalid: no credit used
		expect((await t.admin('GET', '/credits')).data).toEqual({ A: 498, B: 3 });
		await t.admin('POST', '/credits', { project: 'A', credits: 0 });
		const count = (await t.admin('GET', '/state')).data.projects.A.spamTests;
		const res = await t.post('/spam_tests', {});
		expectError(res, 422);
		expect(res.data.message).toMatch(/credit/i);
		expect((await t.admin('GET', '/state')).data.projects.A.spamTests).toBe(count);
		expect((await t.admin('GET', '/credits')).data.A).toBe(0);
	});

	it("keeps each project's credits apart", async () => {
		for (let i = 0; i < 3; i++) expect((await t.post('/spam_tests', {}, 'B')).status).toBe(201);
		expectError(await t.post('/spam_tests', {}, 'B'), 422);
		expect((await t.post('/spam_tests', {}, 'A')).status).toBe(201);
	});
});

describe('GET /spam_tests', () => {
	it('requires page (400 without it or empty)', async () => {
		expectError(await t.get('/spam_tests'), 400);
		expectError(await t.get('/spam_tests', { per_page: 5 }), 400);
		expectError(await t.get('/spam_tests', { page: '' }), 400);
		expect((await t.get('/spam_tests', { page: 0 })).status).toBe(200);
	});

	it('rule 1: without order_by and order, the same as created_at desc; order_by=created_at honours order', async () => {
		const byDefault = (await list({})).map((x) => x.public_id);
		expect((await list({ order_by: 'created_at', order: 'desc' })).map((x) => x.public_id)).toEqual(
			byDefault,
		);
		expect((await list({ order_by: 'created_at', order: 'asc' })).map((x) => x.public_id)).toEqual(
			[...byDefault].reverse(),
		);
		// With search, order_by=created_at stays a date order (rule 3 is about the score only).
		const searched = await list({ search: 'newsletter', order_by: 'created_at', order: 'asc' });
		expect(sortedBy(searched, 'created_at', 'asc')).toBe(true);
	});

	it('order_by=score: ties newest first and unscored tests last in both directions', async () => {
		for (const order of ['asc', 'desc'] as const) {
			const res = await list({ order_by: 'score', order });
			const firstNull = res.findIndex((x) => x.final_score === null);
			expect(firstNull).toBeGreaterThan(0);
			expect(res.slice(firstNull).every((x) => x.final_score === null)).toBe(true);
			for (let i = 1; i < firstNull; i++) {
				if (res[i].final_score === res[i - 1].final_score)
					expect(Date.parse(res[i - 1].created_at)).toBeGreaterThan(Date.parse(res[i].created_at));
			}
		}
	});

	it('pages the ordered list: page 1 continues page 0', async () => {
		const all = (await list({ order_by: 'score' })).map((x) => x.public_id);
		const p0 = (await t.get('/spam_tests', { page: 0, order_by: 'score' })).data.map(
			(x: Json) => x.public_id,
		);
		const p1 = (await t.get('/spam_tests', { page: 1, order_by: 'score' })).data.map(
			(x: Json) => x.public_id,
		);
		expect([...p0, ...p1]).toEqual(all.slice(0, 20));
	});

	it('rule 1: newest first by default; order=asc reverses', async () => {
		const desc = await list({});
		const asc = await list({ order: 'asc' });
		expect(sortedBy(desc, 'created_at', 'desc')).toBe(true);
		expect(asc.map((x) => x.public_id)).toEqual([...desc].reverse().map((x) => x.public_id));
		const created = (await t.post('/spam_tests', {})).data;
		expect((await list({}))[0].public_id).toBe(created.public_id);
	});

	it('rule 2: order_by=score sorts by final_score (not by the raw score), unscored last', async () => {
		const desc = await list({ order_by: 'score' });
		const scored = desc.filter((x) => x.final_score !== null);
		expect(sortedBy(scored, 'final_score', 'desc')).toBe(true);
		expect(sortedBy(scored, 'score', 'desc')).toBe(false);
		expect(desc.slice(scored.length).every((x) => x.final_score === null)).toBe(true);
		const asc = (await list({ order_by: 'score', order: 'asc' })).filter(
			(x) => x.final_score !== null,
		);
		expect(sortedBy(asc, 'final_score', 'asc')).toBe(true);
	});

	it('rule 3: with search, order_by=score sorts by the raw score', async () => {
		const res = await list({ search: 'e', order_by: 'score' });
		const scored = res.filter((x) => x.score !== null);
		expect(scored.length).toBeGreaterThan(10);
		expect(sortedBy(scored, 'score', 'desc')).toBe(true);
		expect(sortedBy(scored, 'final_score', 'desc')).toBe(false);
		const asc = (await list({ search: 'e', order_by: 'score', order: 'asc' })).filter(
			(x) => x.score !== null,
		);
		expect(sortedBy(asc, 'score', 'asc')).toBe(true);
	});

	it('search matches subject and sender, case-insensitively', async () => {
		const bySubject = await list({ search: 'NEWSLETTER' });
		expect(bySubject.length).toBeGreaterThan(3);
		expect(
			bySubject.every((x) => /newsletter/i.test(x.subject) || /newsletter/i.test(x.sender)),
		).toBe(true);
		const bySender = await list({ search: 'spammy-offers' });
		expect(bySender.length).toBeGreaterThan(3);
		expect(bySender.every((x) => x.sender === 'deals@spammy-offers.biz')).toBe(true);
		expect(await list({ search: 'zzz-nothing' })).toEqual([]);
		expect((await list({ search: '  newsletter ' })).map((x) => x.public_id)).toEqual(
			bySubject.map((x) => x.public_id),
		); // trimmed
		// Full-text: every word, in any order, in the subject or the sender.
		const words = await list({ search: 'promo SPRING' });
		expect(words.length).toBeGreaterThan(0);
		expect(words.every((x) => /spring promo/i.test(x.subject))).toBe(true);
		const mixed = await list({ search: 'weekly clean-letters' }); // a subject word and a sender word
		expect(mixed.length).toBeGreaterThan(0);
		expect(
			mixed.every((x) => /weekly/i.test(x.subject) && x.sender === 'hello@clean-letters.com'),
		).toBe(true);
		expect(await list({ search: 'spring zzz' })).toEqual([]);
	});

	it('automated_test_id keeps only the tests of that automated test', async () => {
		const res = await list({ automated_test_id: 1 });
		expect(res.length).toBeGreaterThan(0);
		expect(res.every((x) => x.automated === true && x.automated_test_id === 1)).toBe(true);
		expectError(await t.get('/spam_tests', { page: 0, automated_test_id: 'one' }), 422);
	});

	it('bad order_by / order values → 422', async () => {
		expectError(await t.get('/spam_tests', { page: 0, order_by: 'subject' }), 422);
		expectError(await t.get('/spam_tests', { page: 0, order: 'up' }), 422);
	});

	it('the list form omits autofix_completed for non-automated tests only', async () => {
		const all = await list({});
		expect(all.filter((x) => !x.automated).every((x) => !('autofix_completed' in x))).toBe(true);
		expect(all.filter((x) => x.automated).every((x) => 'autofix_completed' in x)).toBe(true);
		expect((await t.get(`/spam_tests/${all[1].public_id}`)).data).toHaveProperty(
			'autofix_completed',
		);
	});
});

describe('POST /spam_tests/{public_id}', () => {
	it('filters results and score for the audience type in its answer; the stored raw score stays', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		await t.admin('POST', `/spam_tests/${created.public_id}/complete`, {
			sender: 'hello@clean-letters.com',
		});
		const all = (await t.get(`/spam_tests/${created.public_id}`)).data;
		expect(all.completed).toBe(true);
		const btob = await t.post(`/spam_tests/${created.public_id}`, { type: 'btob' });
		expect(btob.status).toBe(200);
		expect(btob.data.test_type).toBe('btob');
		expect(btob.data.results.length).toBeLessThan(all.results.length);
		expect(btob.data.results.every((r: { desc: string }) => r.desc === 'btob')).toBe(true);
		expect(btob.data.final_score).toBe(btob.data.btob_score);
		expect(btob.data.score).toBe(btob.data.btob_score); // this answer's score is filtered for the audience
		const after = (await t.get(`/spam_tests/${created.public_id}`)).data;
		expect(after.score).toBe(all.score); // the stored raw score is not
		expect(after.final_score).toBe(btob.data.btob_score);
		expect(after.results).toEqual(btob.data.results);
		expect(all.btob_score).not.toBe(all.score); // so the two differ here
		const sum = Object.values(btob.data.summary as Record<string, number>).reduce(
			(a, b) => a + b,
			0,
		);
		expect(sum).toBe(btob.data.results.length);
		const btoc = (await t.post(`/spam_tests/${created.public_id}`, { type: 'btoc' })).data;
		expect(btoc.results.every((r: { desc: string }) => r.desc === 'btoc')).toBe(true);
		expect(btoc.final_score).toBe(btoc.btoc_score);
		expect(btoc.score).toBe(btoc.btoc_score);
		const back = (await t.post(`/spam_tests/${created.public_id}`, { type: 'all' })).data;
		expect(back.results).toHaveLength(20);
		expect(back.final_score).toBe(back.score);
	});

	it('re-associates the seedlist, without consuming a credit', async () => {
		const created = (await t.post('/spam_tests', {})).data;
		const credits = (await t.admin('GET', '/credits')).data.A;
		const res = await t.post(`/spam_tests/${created.public_id}`, { type: 'all', seedlist: 3 });
		expect(res.data.seedlist).toBe(3);
		expect(res.data.results).toHaveLength(24);
		expect(res.data.results[0].email).toContain('@seed3.');
		expect((await t.get(`/spam_tests/${created.public_id}`)).data.seedlist).toBe(3);
		expect((await t.admin('GET', '/credits')).data.A).toBe(credits);
	});

	it('type is required (400) and must be all|btob|btoc (422); seedlist 1–4', async () => {
		const { public_id } = (await t.post('/spam_tests', {})).data;
		expectError(await t.post(`/spam_tests/${public_id}`, {}), 400);
		expectError(await t.post(`/spam_tests/${public_id}`, { type: 'b2b' }), 422);
		expectError(await t.post(`/spam_tests/${public_id}`, { type: 'all', seedlist: 5 }), 422);
		expectError(await t.post('/spam_tests/unknown123', { type: 'all' }), 404);
	});
});
