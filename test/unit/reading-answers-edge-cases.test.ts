/**
 * The reader of 2xx answers at its edges: the web-page hint (only for a page, never for a PHP warning or cut JSON),
 * the operation's key fields, the prefixes it strips and nothing more, bodies n8n handed over already parsed or as
 * bytes, the words and excerpts a person reads, and the API key taken out of an answer that echoes it. The common
 * cases are in reading-answers.test.ts.
 */
import { withoutSecrets } from '../../nodes/shared/transport/answerSecrets';
import {
	AnswerProblem,
	checkAnswer,
	listFrom,
	readAnswer,
} from '../../nodes/shared/transport/answers';
import { excerptOf, flattenMessage, looksLikeHtml } from '../../nodes/shared/transport/answerText';
import { ANY_ANSWER } from '../../nodes/shared/transport/facts';
import type { AnswerFact } from '../../nodes/shared/transport/types';

const SPAM_TEST: AnswerFact = { shape: 'object', what: 'a spam test', keys: ['public_id'] };
const ACCOUNT: AnswerFact = { shape: 'object', what: 'an account', keys: ['id', 'email'] };
const LIST: AnswerFact = { shape: 'list', what: 'a list' };
const ALIASES: AnswerFact = { shape: 'list', what: 'aliases', itemsMayBeText: true };
const UNCHECKED: AnswerFact = { shape: 'unchecked', what: 'notifications' };

function problem(body: unknown, fact: AnswerFact, contentType?: string): AnswerProblem {
	try {
		readAnswer({ status: 200, contentType, body }, fact);
	} catch (e) {
		if (e instanceof AnswerProblem) return e;
		throw e;
	}
	throw new Error(`accepted: ${JSON.stringify(body)}`);
}

const read = (body: unknown, fact: AnswerFact = SPAM_TEST, contentType?: string) =>
	readAnswer({ status: 200, contentType, body }, fact);

describe('the web-page hint (the Base URL points at the web app)', () => {
	it('a page is known by its content type alone, or by its first tag with or without leading space', () => {
		expect(problem('Service Unavailable', SPAM_TEST, 'text/html; charset=utf-8').webPage).toBe(
			true,
		);
		expect(problem('<!DOCTYPE html><p>Log in</p>', SPAM_TEST).webPage).toBe(true);
		expect(problem('\n  <html><body>Log in</body></html>', SPAM_TEST).webPage).toBe(true);
		expect(looksLikeHtml('<div>x</div>')).toBe(true);
	});

	it('text that mentions a tag further on, or is sent as plain text, is not a page', () => {
		const p = problem('Error: expected <div> here', SPAM_TEST, 'text/plain');
		expect([p.sent, p.webPage, p.cutOff]).toEqual(['text that is not JSON', false, false]);
		expect(looksLikeHtml('Error: expected <div> here')).toBe(false);
	});

	it('no other refusal carries the hint or counts as cut off: errors, wrong shapes, missing keys, bad list entries, empty bodies', () => {
		for (const p of [
			problem('{"success":false}', SPAM_TEST),
			problem('{"error":"down"}', SPAM_TEST),
			problem('{"other":1}', SPAM_TEST),
			problem('{"data":1,"items":2}', LIST),
			problem('{}', LIST),
			problem('[1]', SPAM_TEST),
			problem('[[1]]', LIST),
			problem('', SPAM_TEST),
		])
			expect([p.sent, p.webPage, p.cutOff]).toEqual([p.sent, false, false]);
	});
});

describe('cut-off JSON (worth asking again where that is safe)', () => {
	it('a body that starts like JSON and breaks off, also after leading space, is cut off', () => {
		const p = problem('  {"public_id":"ab', SPAM_TEST);
		expect([p.sent, p.cutOff, p.webPage]).toEqual([
			'JSON that breaks off after 18 bytes (a cut-off body)',
			true,
			false,
		]);
		expect(problem('[{"id":1}', LIST).cutOff).toBe(true);
	});

	it('text with a brace further on, an HTML page starting with a brace, a PHP warning: not cut off', () => {
		expect(problem('OK {', SPAM_TEST).cutOff).toBe(false);
		expect(problem('{ page }', SPAM_TEST, 'text/html').cutOff).toBe(false);
		const php = problem('{"a":1}<b>Warning</b>: x', SPAM_TEST);
		expect([php.sent, php.cutOff, php.webPage]).toEqual([
			'a PHP warning instead of clean JSON',
			false,
			false,
		]);
	});
});

describe("the operation's key fields", () => {
	it('one of several key fields is enough; none of them is refused, naming them all', () => {
		expect(read('{"email":"a@example.com"}', ACCOUNT)).toEqual({ email: 'a@example.com' });
		expect(problem('{"name":"x"}', ACCOUNT).sent).toBe('an object without id or email');
		expect(problem('{}', ACCOUNT).sent).toBe('an empty object ({})');
	});

	it('an answer with a key field and an error field is the answer; "error": null is no error', () => {
		expect(read('{"public_id":"a","error":"partial"}')).toEqual({
			public_id: 'a',
			error: 'partial',
		});
		expect(read('{"error":null,"x":1}', ANY_ANSWER)).toEqual({ error: null, x: 1 });
		expect(problem('{"error":null,"x":1}', SPAM_TEST).sent).toBe('an object without public_id');
	});

	it('a request that states nothing accepts any object or list, and says so in its words', () => {
		expect(ANY_ANSWER).toEqual({ shape: 'any', what: 'a JSON object or list' });
		expect(read('{"a":1}', ANY_ANSWER)).toEqual({ a: 1 });
		expect(read('[{"a":1}]', ANY_ANSWER)).toEqual([{ a: 1 }]);
		expect(problem('true', ANY_ANSWER).sent).toBe('a bare boolean (true)');
	});
});

describe('an object where a list is due', () => {
	it('several lists under the usual wrappers are named, with no wrapper of its own in the words', () => {
		expect(problem('{"data":[],"items":[]}', LIST).sent).toBe(
			'an object where a list is due (it holds lists under more than one of data, items, results)',
		);
	});
});

describe('list entries', () => {
	it('texts are accepted where the operation allows them, refused elsewhere', () => {
		expect(read('["a@example.com",{"email":"b@example.com"}]', ALIASES)).toEqual([
			'a@example.com',
			{ email: 'b@example.com' },
		]);
		expect(problem('["a@example.com"]', LIST).sent).toBe(
			'a list holding a bare text ("a@example.com")',
		);
		expect(problem('[1]', ALIASES).sent).toBe('a list holding a bare number (1)');
	});
});

describe('prefixes: stripped at the start only, in each form the service may send', () => {
	it('the anti-XSSI prefix with or without a comma, a line break or spaces', () => {
		for (const prefix of [")]}'\n", ")]}',\n", ")]}'", ")]}',", ")]}' , \n", ")]}', "])
			expect(read(`${prefix}{"public_id":"a"}`)).toEqual({ public_id: 'a' });
	});

	it('the same characters inside the answer are kept', () => {
		expect(read(`{"public_id":"x)]}'y\uFEFFz"}`)).toEqual({ public_id: "x)]}'y\uFEFFz" });
	});
});

describe('bodies n8n handed over in another form', () => {
	it('bytes are read as UTF-8 text', () => {
		expect(read(Buffer.from('{"public_id":"é"}', 'utf8'))).toEqual({ public_id: 'é' });
	});

	it('an answer already parsed (older n8n) is checked the same way; its excerpt is its JSON', () => {
		expect(read({ public_id: 'a' })).toEqual({ public_id: 'a' });
		expect(read([{ id: 1 }], LIST)).toEqual([{ id: 1 }]);
		const p = problem({ seeds: [] }, SPAM_TEST);
		expect([p.sent, p.excerpt]).toEqual(['an object without public_id', '{"seeds":[]}']);
	});

	it('no body at all, or null, is refused as such', () => {
		expect(problem(undefined, SPAM_TEST).sent).toBe('an empty body');
		expect(problem(null, SPAM_TEST).sent).toBe('null');
	});

	it('a body of spaces and line breaks is empty, with no excerpt', () => {
		const p = problem(' \n\t ', SPAM_TEST);
		expect([p.sent, p.excerpt, p.webPage]).toEqual(['an empty body', '', false]);
	});

	it('the excerpt shows the text as sent, not as re-written', () => {
		expect(problem('{ "seeds": [] }', SPAM_TEST).excerpt).toBe('{ "seeds": [] }');
	});
});

describe('answers the caller reads itself (unchecked)', () => {
	it('JSON is parsed, other text is given as sent, a parsed body as it came', () => {
		expect(read('{"a":1}', UNCHECKED)).toEqual({ a: 1 });
		expect(read('not json', UNCHECKED)).toBe('not json');
		const parsed = { a: 1 };
		expect(read(parsed, UNCHECKED)).toBe(parsed);
		expect(read('{"success":false}', UNCHECKED)).toEqual({ success: false });
	});
});

describe('checkAnswer', () => {
	it('the answer, or the problem with it; an answer that cannot even be described is a problem too', () => {
		expect(checkAnswer({ status: 200, body: '{"public_id":"a"}' }, SPAM_TEST)).toEqual({
			answer: { public_id: 'a' },
		});
		const refused = checkAnswer({ status: 200, body: '[]' }, SPAM_TEST);
		expect('problem' in refused && refused.problem.sent).toBe('an empty list ([])');
		const circular: Record<string, unknown> = {};
		circular.self = circular;
		const broken = checkAnswer({ status: 200, body: circular }, SPAM_TEST);
		expect('problem' in broken && [broken.problem.sent, broken.problem.webPage]).toEqual([
			'an answer that could not be read',
			false,
		]);
		expect('problem' in broken && broken.problem.excerpt).toMatch(/circular/i);
	});
});

describe('words', () => {
	it('a value of the wrong kind: a list of 1, a long text cut at 40 characters, a number, a boolean', () => {
		expect(problem('[{"public_id":"a"}]', SPAM_TEST).sent).toBe('a list of 1');
		expect(problem(JSON.stringify('x'.repeat(40)), SPAM_TEST).sent).toBe(
			`a bare text ("${'x'.repeat(40)}")`,
		);
		expect(problem(JSON.stringify('y'.repeat(41)), SPAM_TEST).sent).toBe(
			`a bare text ("${'y'.repeat(39)}…")`,
		);
		expect(problem('12', SPAM_TEST).sent).toBe('a bare number (12)');
		expect(problem('false', SPAM_TEST).sent).toBe('a bare boolean (false)');
	});

	it("the service's message: blank parts dropped, numbers and booleans as text, nothing for nothing", () => {
		expect(flattenMessage('  ')).toBeUndefined();
		expect(flattenMessage(' Quota exceeded ')).toBe('Quota exceeded');
		expect(flattenMessage(429)).toBe('429');
		expect(flattenMessage(false)).toBe('false');
		expect(flattenMessage(['a', '', null, ' '])).toBe('a');
		expect(flattenMessage([])).toBeUndefined();
		expect(flattenMessage({ name: '', email: ['taken'] })).toBe('email: taken');
		expect(flattenMessage({ name: '' })).toBeUndefined();
		expect(flattenMessage(null)).toBeUndefined();
	});

	it('{success: false} without a message gives the error field, and then nothing', () => {
		expect(problem('{"success":false,"error":"Bad key"}', SPAM_TEST).serviceMessage).toBe(
			'Bad key',
		);
		expect(problem('{"success":0}', SPAM_TEST).serviceMessage).toBeUndefined();
	});

	it("an excerpt: a page's title, even with attributes; block tags as spaces; inline tags gone", () => {
		expect(
			excerptOf('<html><head><title lang="en"> Sign in </title></head><body>Welcome</body>'),
		).toBe('Sign in');
		expect(excerptOf('<p>a</p><h2>b</h2><br>c<br />d<b>e</b>')).toBe('a b c de');
		// A blank title is no title: the page's text is shown instead.
		expect(excerptOf('<html><title> \n </title><body>Log in</body></html>')).toBe('Log in');
		expect(excerptOf('x'.repeat(120))).toBe('x'.repeat(120));
		expect(excerptOf('x'.repeat(121))).toBe(`${'x'.repeat(119)}…`);
	});
});

describe('lists the account search and pages read', () => {
	it('a bare list, or the one list inside an object; anything else is no entries', () => {
		expect(listFrom([{ id: 1 }])).toEqual([{ id: 1 }]);
		expect(listFrom({ accounts: [{ id: 2 }], total: 1 })).toEqual([{ id: 2 }]);
		expect(listFrom({ a: [], b: [] })).toEqual([]);
		expect(listFrom({ total: 0 })).toEqual([]);
		expect(listFrom(null)).toEqual([]);
		expect(listFrom('[1]')).toEqual([]);
	});
});

describe('the API key echoed in an answer', () => {
	it('is replaced wherever it appears, also escaped inside JSON text, whichever of the secrets it is', () => {
		expect(withoutSecrets({ echo: 'key=sk_live_1' }, ['other', 'sk_live_1'])).toEqual({
			echo: 'key=[redacted]',
		});
		expect(withoutSecrets({ note: 'the key is ab"c here' }, ['ab"c'])).toEqual({
			note: 'the key is [redacted] here',
		});
		expect(withoutSecrets('text with sk_1', ['sk_1'])).toBe('text with [redacted]');
	});

	it('an answer without it is handed on as it is; no body stays no body', () => {
		const answer = { id: 1 };
		expect(withoutSecrets(answer, ['sk_1'])).toBe(answer);
		expect(withoutSecrets(undefined, ['sk_1'])).toBeUndefined();
		expect(withoutSecrets(null, ['sk_1'])).toBeNull();
	});
});
