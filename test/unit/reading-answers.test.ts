/** The one reader of 2xx answers: what is tolerated, what is refused and how it is described. */
import { AnswerProblem, readAnswer } from '../../nodes/shared/transport/answers';
import { excerptOf, flattenMessage } from '../../nodes/shared/transport/answerText';
import type { AnswerFact } from '../../nodes/shared/transport/types';

const SPAM_TEST: AnswerFact = {
	shape: 'object',
	what: 'a spam test (with public_id)',
	keys: ['public_id'],
};
const ACCOUNTS: AnswerFact = { shape: 'list', what: 'a list of accounts', wrapper: 'accounts' };
const DELETED: AnswerFact = {
	shape: 'object',
	what: 'the outcome of the delete',
	emptyMeansDone: true,
};

function problem(
	body: unknown,
	fact: AnswerFact,
	status = 200,
	contentType = 'application/json',
): AnswerProblem {
	try {
		readAnswer({ status, contentType, body }, fact);
	} catch (e) {
		if (e instanceof AnswerProblem) return e;
		throw e;
	}
	throw new Error(`accepted: ${JSON.stringify(body)}`);
}

describe('tolerated', () => {
	it('a byte-order mark, an anti-XSSI prefix and JSON sent as text/plain read as the JSON they carry', () => {
		const json = '{"public_id":"abc","completed":true}';
		for (const body of [`\uFEFF${json}`, `)]}',\n${json}`, json]) {
			expect(readAnswer({ status: 200, contentType: 'text/plain', body }, SPAM_TEST)).toEqual({
				public_id: 'abc',
				completed: true,
			});
		}
	});

	it("a list wrapped under data, items, results or the operation's own key", () => {
		for (const key of ['data', 'items', 'results', 'accounts']) {
			expect(
				readAnswer(
					{ status: 200, body: JSON.stringify({ [key]: [{ id: 1 }], total: 1 }) },
					ACCOUNTS,
				),
			).toEqual([{ id: 1 }]);
		}
	});

	it('a fact naming a usual wrapper as its own reads the list once (not as two lists)', () => {
		for (const wrapper of ['data', 'items', 'results']) {
			const fact: AnswerFact = { shape: 'list', what: 'a list of reports', wrapper };
			expect(
				readAnswer({ status: 200, body: JSON.stringify({ [wrapper]: [{ id: 1 }] }) }, fact),
			).toEqual([{ id: 1 }]);
		}
	});

	it('a documented empty answer (204 or an empty body) is "done" only where the fact allows it', () => {
		expect(readAnswer({ status: 204, body: '' }, DELETED)).toBeUndefined();
		expect(problem('', SPAM_TEST, 204).sent).toBe('no content (HTTP 204)');
		expect(problem('', SPAM_TEST).sent).toBe('an empty body');
	});
});

describe('refused, in words', () => {
	it('a web page: its title as the excerpt, flagged as a web page (the Base URL hint)', () => {
		const page =
			'<!DOCTYPE html><html><head><title>Deliverability – Dashboard</title></head><body>…</body></html>';
		const p = problem(page, SPAM_TEST, 200, 'text/html');
		expect([p.sent, p.excerpt, p.webPage]).toEqual([
			'a web page (HTML)',
			'Deliverability – Dashboard',
			true,
		]);
	});

	it('a PHP warning before the JSON is not taken for the JSON, nor for a wrong Base URL', () => {
		const p = problem(
			'<br />\n<b>Warning</b>: Undefined array key in <b>/var/www/x.php</b><br />\n{"public_id":"a"}',
			SPAM_TEST,
			200,
			'text/html',
		);
		expect([p.sent, p.webPage]).toEqual(['a PHP warning instead of clean JSON', false]);
		expect(p.excerpt).toMatch(/^Warning: Undefined array key/);
	});

	it('cut-off JSON, text, null, a bare string', () => {
		expect(problem('{"public_id":"ab', SPAM_TEST).sent).toBe(
			'JSON that breaks off after 16 bytes (a cut-off body)',
		);
		expect(problem('OK then', SPAM_TEST).sent).toBe('text that is not JSON');
		expect(problem('null', SPAM_TEST).sent).toBe('null');
		expect(problem('"OK"', SPAM_TEST).sent).toBe('a bare text ("OK")');
	});

	it('the wrong JSON type: a list for an object, an object (even with an array inside) for a list', () => {
		expect(problem('[]', SPAM_TEST).sent).toBe('an empty list ([])');
		expect(problem('{"id":1,"tags":[{"id":2}]}', ACCOUNTS).sent).toBe(
			'an object where a list is due (its only list is under "tags", a key the operation\'s answer fact does not name as its wrapper)',
		);
		expect(problem('{"id":1}', ACCOUNTS).sent).toBe('an object where a list is due');
		expect(problem('{"results":"x"}', ACCOUNTS).sent).toBe('an object where a list is due');
		expect(problem('{"data":[],"accounts":[]}', ACCOUNTS).sent).toBe(
			'an object where a list is due (it holds lists under more than one of data, items, results, accounts)',
		);
		expect(problem('{}', ACCOUNTS).sent).toBe('an empty object ({}) where a list is due');
		expect(problem('null', ACCOUNTS).sent).toBe('null');
		expect(problem('[1,2]', ACCOUNTS).sent).toBe('a list holding a bare number (1)');
	});

	it("an object without the operation's key fields, {error} and {success: false} with a 2xx, with the service's words", () => {
		expect(problem('{"seeds":[]}', SPAM_TEST).sent).toBe('an object without public_id');
		const error = problem(
			'{"error":"Internal error: the database connection was lost"}',
			SPAM_TEST,
		);
		expect([error.sent, error.serviceMessage]).toEqual([
			'an error',
			'Internal error: the database connection was lost',
		]);
		const refused = problem(
			'{"success":"false","message":"The request could not be processed"}',
			DELETED,
		);
		expect([refused.sent, refused.serviceMessage]).toEqual([
			'"success": false',
			'The request could not be processed',
		]);
	});
});

describe('words', () => {
	it('messages sent as a list or an object of field → reasons are flattened, nothing dropped', () => {
		expect(flattenMessage(['name is too long', 'events must not be empty'])).toBe(
			'name is too long; events must not be empty',
		);
		expect(flattenMessage({ name: ['is too long'], events: ['must not be empty'] })).toBe(
			'name: is too long; events: must not be empty',
		);
	});

	it('an excerpt is one line of at most 120 characters', () => {
		const text = `{"a":"${'x'.repeat(300)}"}\n\n`;
		expect(excerptOf(text)).toHaveLength(120);
		expect(excerptOf('line one\n  line two')).toBe('line one line two');
	});
});
