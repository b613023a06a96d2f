/** Spam tests: create (one credit each), list with the three order rules, get, and the audience/seedlist update. */
import type { Route } from '../api';
import { ApiError, created, ok, scoped } from '../api';
import type { Project, SpamTest } from '../resources';
import type { Store } from '../store';
import {
	assignResultIds,
	checkCompletion,
	newSpamTest,
	scoresOf,
	spamTestView,
} from '../spam-test-engine';
import { sortNullsLast, words } from '../util';
import { BodyReader, QueryReader, paginate } from '../validate';

export function getSpamTest(
	store: Store,
	project: Project,
	publicId: string | undefined,
): SpamTest {
	return scoped(store.spamTests.get(publicId ?? ''), project, 'Spam test');
}

/** Creates a spam test for the project, consuming one credit (422 when none is left). */
export function createSpamTest(store: Store, project: Project, seedlist: number): SpamTest {
	if (project.credits <= 0) throw new ApiError(422, 'No spam check credits left', { credits: 0 });
	project.credits--;
	const test = newSpamTest(store, project.key, seedlist, new Date().toISOString());
	store.spamTests.set(test.publicId, test);
	return test;
}

export const spamTestRoutes: Route[] = [
	{
		method: 'POST',
		path: '/spam_tests',
		handler: ({ store, project, body }) => {
			const b = new BodyReader(body, ['seedlist']);
			const seedlist = b.int('seedlist', { oneOf: [1, 2, 3, 4] }) ?? 1;
			b.done();
			return created(spamTestView(store, createSpamTest(store, project, seedlist)));
		},
	},
	{
		method: 'GET',
		path: '/spam_tests',
		handler: ({ store, project, query }) => {
			const q = new QueryReader(query);
			const { page, perPage } = q.page(10, true);
			const automatedTestId = q.int('automated_test_id');
			const search = q.str('search');
			const orderBy = q.oneOf('order_by', ['created_at', 'score'] as const) ?? 'created_at';
			const order = q.oneOf('order', ['asc', 'desc'] as const) ?? 'desc';
			q.done();
			let list = store.ofProject(store.spamTests, project.key).reverse(); // newest first
			if (automatedTestId !== undefined)
				list = list.filter((t) => t.automatedTestId === automatedTestId);
			if (search !== undefined) {
				// Full-text: every word of the query is in the subject or the sender (case-insensitive, partial words).
				const wanted = words(search);
				list = list.filter((t) => {
					const text = `${t.subject ?? ''} ${t.sender ?? ''}`.toLowerCase();
					return wanted.every((w) => text.includes(w));
				});
			}
			if (orderBy === 'created_at') {
				if (order === 'asc') list.reverse();
			} else {
				// Rule 2: final_score; rule 3: with search, the raw score. Unscored tests last; ties newest first.
				const rawScore = search !== undefined;
				list = sortNullsLast(
					list,
					(t) => (rawScore ? scoresOf(t).score : scoresOf(t).final_score),
					order === 'asc' ? 1 : -1,
				);
			}
			return ok(paginate(list, page, perPage).map((t) => spamTestView(store, t, 'list')));
		},
	},
	{
		method: 'GET',
		path: '/spam_tests/:publicId',
		handler: ({ store, project, params }) =>
			ok(spamTestView(store, getSpamTest(store, project, params.publicId))),
	},
	{
		method: 'POST',
		path: '/spam_tests/:publicId',
		handler: ({ store, project, params, body, effects }) => {
			const test = getSpamTest(store, project, params.publicId);
			const b = new BodyReader(body, ['type', 'seedlist']);
			const type = b.oneOf('type', ['all', 'btob', 'btoc'] as const, { required: true });
			const seedlist = b.int('seedlist', { oneOf: [1, 2, 3, 4] });
			b.done();
			if (type) test.testType = type;
			if (seedlist !== undefined && seedlist !== test.seedlist) {
				test.seedlist = seedlist;
				assignResultIds(store, test);
			}
			// Narrowing the audience can make a test complete (every visible seed already has its copy).
			checkCompletion(test, effects);
			return ok(spamTestView(store, test, 'audience'));
		},
	},
];
