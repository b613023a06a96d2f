/**
 * Reading Mailbox → Get Graph's answers: the labels the service sends dated in the workflow time zone, one item per
 * day, several graphs merged by date with the inbox share.
 */
import { DateTime } from 'luxon';

import {
	labelDate,
	perDay,
	perDayAll,
} from '../../../nodes/Deliverability/resources/account/shared/graphDays';

describe('account graph days', () => {
	it('dates labels in the workflow time zone: Today, Yesterday, "Apr 10", "10 Apr", ISO; a later month/day is last year', () => {
		const today = DateTime.fromISO('2026-03-05T10:00:00', { zone: 'Europe/Paris' });
		expect(labelDate('Today', today)).toBe('2026-03-05');
		expect(labelDate('Yesterday', today)).toBe('2026-03-04');
		expect(labelDate('Mar 1', today)).toBe('2026-03-01');
		expect(labelDate('1 Mar', today)).toBe('2026-03-01');
		expect(labelDate('Dec 30', today)).toBe('2025-12-30');
		expect(labelDate('2026-02-01', today)).toBe('2026-02-01');
		expect(labelDate('week 9', today)).toBeNull();
		// An unreadable label is dated by its place before "Today"; counts as text are read as numbers.
		expect(
			perDay(
				{ labels: ['d1', 'Today'], data: ['4', 5], consolidated: false },
				{ metric: 'sent' },
				today,
			),
		).toEqual([
			{ metric: 'sent', label: 'd1', date: '2026-03-04', count: 4, consolidated: false },
			{ metric: 'sent', label: 'Today', date: '2026-03-05', count: 5, consolidated: false },
		]);
		expect(perDay({}, {}, today)).toEqual([]);
	});

	it('merges graphs by date: a day one graph lacks has no column there, and no inbox share', () => {
		const today = DateTime.fromISO('2026-03-05T10:00:00', { zone: 'UTC' });
		const days = (data: number[]) =>
			perDay(
				{ labels: ['Mar 4', 'Today'].slice(2 - data.length), data, consolidated: false },
				{},
				today,
			);
		expect(
			perDayAll(
				[
					{ column: 'sent', days: days([10, 12]) },
					{ column: 'inbox', days: days([9, 11]) },
					{ column: 'categories', days: days([1, 1]) },
					{ column: 'spam', days: days([0]) },
					{ column: 'others', days: days([0, 0]) },
				],
				{ account_id: 1 },
			),
		).toEqual([
			{
				account_id: 1,
				date: '2026-03-04',
				label: 'Mar 4',
				sent: 10,
				inbox: 9,
				categories: 1,
				others: 0,
				consolidated: false,
			},
			{
				account_id: 1,
				date: '2026-03-05',
				label: 'Today',
				sent: 12,
				inbox: 11,
				categories: 1,
				spam: 0,
				others: 0,
				inbox_percent: 92,
				consolidated: false,
			},
		]);
	});
});
