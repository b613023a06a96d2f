/**
 * The service's daily graphs, as Account → Get Graph and Get Warming Trend read them: what a graph
 * answer must look like, and its reading: parallel `{labels, data}` arrays become one item per day,
 * dated in the workflow's time zone, and several graphs merge into one item per day with a column
 * per graph.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { objectAnswer } from '../../../../shared/transport';

/** A graph answer: parallel `labels` and `data` arrays, the newest day last. */
export const GRAPH = objectAnswer('a graph ({labels, data})', 'labels', 'data');

/**
 * The calendar date (YYYY-MM-DD) of a graph label, in the workflow's time zone: "Today",
 * "Yesterday", an ISO date, or a month and day such as "Apr 10" / "10 Apr" / "April 10" (the latest
 * such day that is not after today). Anything else gives null.
 */
export function labelDate(label: unknown, today: DateTime): string | null {
	if (typeof label !== 'string') return null;
	const text = label.trim();
	if (/^today$/i.test(text)) return today.toISODate();
	if (/^yesterday$/i.test(text)) return today.minus({ days: 1 }).toISODate();
	if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
		const iso = DateTime.fromISO(text.slice(0, 10), { zone: today.zone });
		return iso.isValid ? iso.toISODate() : null;
	}
	for (const format of ['LLL d', 'LLLL d', 'd LLL', 'd LLLL', 'LLL d,', 'LLL dd']) {
		const parsed = DateTime.fromFormat(text, format, { zone: today.zone, locale: 'en-US' });
		if (!parsed.isValid) continue;
		let date = parsed.set({ year: today.year });
		if (date.startOf('day') > today.startOf('day')) date = date.minus({ years: 1 });
		return date.toISODate();
	}
	return null;
}

/** An item a day from the parallel arrays; a label without a date is dated from "Today" back. */
export function perDay(answer: IDataObject, base: IDataObject, today: DateTime): IDataObject[] {
	const labels = Array.isArray(answer.labels) ? (answer.labels as unknown[]) : [];
	const data = Array.isArray(answer.data) ? (answer.data as unknown[]) : [];
	const length = Math.max(labels.length, data.length);
	const endsToday = labels.length > 0 && /^today$/i.test(String(labels[labels.length - 1]).trim());
	const items: IDataObject[] = [];
	for (let i = 0; i < length; i++) {
		const date =
			labelDate(labels[i], today) ??
			(endsToday && labels.length === length
				? today.minus({ days: length - 1 - i }).toISODate()
				: null);
		const raw = data[i];
		const count =
			typeof raw === 'number'
				? raw
				: typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))
					? Number(raw)
					: (raw ?? null);
		items.push({
			...base,
			label: (labels[i] as string | undefined) ?? null,
			date,
			count: count as number | null,
			consolidated: answer.consolidated ?? null,
		});
	}
	return items;
}

/** Several graphs' days merged: one item per day (by date, else by label), a column per graph. */
export function perDayAll(
	graphs: Array<{ column: string; days: IDataObject[] }>,
	base: IDataObject,
): IDataObject[] {
	const rows = new Map<string, IDataObject>();
	const consolidated: unknown[] = [];
	for (const { column, days } of graphs) {
		for (const day of days) {
			const key = day.date !== null ? `date:${String(day.date)}` : `label:${String(day.label)}`;
			let row = rows.get(key);
			if (!row) {
				row = { ...base, date: day.date, label: day.label };
				rows.set(key, row);
			}
			row[column] = day.count;
			consolidated.push(day.consolidated);
		}
	}
	// Graphs of one query share their consolidation; when they differ, no single value is true, so
	// none is given.
	const known = consolidated.filter((c) => c !== null && c !== undefined);
	const same = known.length > 0 && known.every((c) => c === known[0]) ? known[0] : null;
	const items = [...rows.values()].sort((a, b) =>
		a.date === null || b.date === null ? 0 : String(a.date).localeCompare(String(b.date)),
	);
	for (const row of items) {
		// The share of the warming messages sent that day that landed in the inbox, when all four
		// categories came.
		const landed = ['inbox', 'categories', 'spam', 'others'].map((c) => row[c]);
		if (landed.every((n) => typeof n === 'number')) {
			const total = (landed as number[]).reduce((a, b) => a + b, 0);
			row.inbox_percent = total > 0 ? Math.round(((row.inbox as number) / total) * 100) : null;
		}
		row.consolidated = same as boolean | null;
	}
	return items;
}
