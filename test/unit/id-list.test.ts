/**
 * What the triggers accept as a list of things with ids (nodes/shared/idList.ts): a list, or an object holding only
 * that list; every entry an object with a usable id. Everything else is a problem described in words, never an
 * empty list.
 */
import { describeAnswer, readIdList } from '../../nodes/shared/idList';

describe('readIdList', () => {
	it('reads a list whose entries all have ids (numbers or text), bare or wrapped in an object holding only it', () => {
		const list = [{ id: 1 }, { id: 'n-2' }, { id: 0 }];
		expect(readIdList(list)).toEqual({ items: list });
		expect(readIdList({ data: list })).toEqual({ items: list });
		expect(readIdList([])).toEqual({ items: [] });
	});

	it.each([
		[null, 'null'],
		[undefined, 'an empty answer'],
		['', 'an empty answer'],
		[{}, 'an empty object ({})'],
		[{ id: 3, events: [] }, 'an object (keys: id, events)'],
		[{ alerts: [], tags: [] }, 'an object (keys: alerts, tags)'],
		['<!DOCTYPE html><html>', 'an HTML page ("<!DOCTYPE html><html>")'],
		['[{"id": 1, "ev', 'a cut-off or malformed JSON document ("[{"id": 1, "ev")'],
		['OK', 'text ("OK")'],
		[[{ id: 1 }, { event: 'X' }], 'a list whose entry 2 of 2 has no usable "id"'],
		[[{ id: ' ' }], 'a list whose entry 1 of 1 has no usable "id"'],
		[[{ id: null }], 'a list whose entry 1 of 1 has no usable "id"'],
		[[{ id: 1 }, 'x'], 'a list whose entry 2 of 2 is text ("x")'],
		[[{ id: 1 }, null], 'a list whose entry 2 of 2 is null'],
	])('%j is not a list it can read: %s', (body, problem) => {
		expect(readIdList(body)).toEqual({ problem });
	});

	it('describes long answers with a one-line excerpt', () => {
		const text = describeAnswer(`<html>\n${'x'.repeat(500)}`);
		expect(text.length).toBeLessThan(90);
		expect(text).not.toContain('\n');
	});
});
