/**
 * A storm's result (support/storm.ts): per side what the service saw and what n8n did, counted from the service's
 * deliveries and n8n's executions, and the table the issue asked for.
 */
import type { ExecutionData } from './storm-cluster';

export interface Delivery {
	eventId: string;
	url: string;
	attempt: number;
	status: number | null;
	error: string | null;
	ms: number;
}

export interface Side {
	/** Delivery attempts the service made, and how they ended. */
	attempts: number;
	timedOut: number;
	status5xx: Record<string, number>;
	otherErrors: number;
	/** Events whose every attempt failed: dropped by the service. */
	lost: number;
	/** Answer times of all attempts, ms (a timed-out attempt counts as the timeout). */
	p50: number;
	p99: number;
	max: number;
	executions: number;
	byStatus: Record<string, number>;
	/** Distinct messages of failed executions, with how often. */
	errors: Record<string, number>;
	/** Mailboxes a successful Pause ran for; those it ran for more than once. */
	paused: Set<number>;
	pausedTwice: number;
	/** Seconds from the first disconnection to the side's last execution's end. */
	seconds: number;
}

export interface StormResult {
	events: number;
	overSeconds: number;
	example: Side;
	/** Absent when the storm ran without the control. */
	control?: Side;
	/** Mailboxes the control paused and the example did not. */
	missedByExample: number;
	/** UPDATEs of n8n's workflow table during the storm (static-data saves; the control writes none). */
	workflowUpdates: number;
	/** The example workflow's static data after the storm, bytes of JSON. */
	staticDataBytes: number;
	/** The service's 429 answers to the Pause requests. */
	status429: number;
	/** Lines in n8n's logs (all processes) that say the database was in trouble. */
	dbComplaints: Record<string, number>;
	/** One-minute load average of the machine, lowest and highest seen during the storm. */
	load: { min: number; max: number };
}

export function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return 0;
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const DB_COMPLAINTS = [
	'Database ping failed',
	'Database is not ready',
	'timeout exceeded when trying to connect',
	'Attempting to recover database connection',
];

export function countLines(text: string, needle: string): number {
	let n = 0;
	for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n++;
	return n;
}

export function side(
	deliveries: Delivery[],
	events: number,
	timeoutMs: number,
	executions: ExecutionData[],
	trigger: string,
	pause: string,
	accountOf: (json: Record<string, unknown>) => unknown,
	t0: number,
): Side {
	const times = deliveries.map((d) =>
		d.status === null && d.error?.includes('no answer') ? timeoutMs : d.ms,
	);
	times.sort((a, b) => a - b);
	const ok = new Set(
		deliveries
			.filter((d) => d.status !== null && d.status >= 200 && d.status < 300)
			.map((d) => d.eventId),
	);
	const eventIds = new Set(deliveries.map((d) => d.eventId));
	const status5xx: Record<string, number> = {};
	for (const d of deliveries)
		if (d.status !== null && d.status >= 500) status5xx[d.status] = (status5xx[d.status] ?? 0) + 1;
	const byStatus: Record<string, number> = {};
	const errors: Record<string, number> = {};
	const pauses = new Map<number, number>();
	let last = t0;
	for (const e of executions) {
		byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
		if (e.stoppedAt) last = Math.max(last, Date.parse(e.stoppedAt));
		const result = e.data?.resultData;
		const message = result?.error?.message ?? result?.runData?.[pause]?.[0]?.error?.message;
		if (e.status !== 'success')
			errors[message ?? e.status] = (errors[message ?? e.status] ?? 0) + 1;
		const json = result?.runData?.[trigger]?.[0]?.data?.main?.[0]?.[0]?.json;
		const ran = result?.runData?.[pause]?.[0];
		if (e.status === 'success' && json && ran && !ran.error) {
			const account = Number(accountOf(json));
			pauses.set(account, (pauses.get(account) ?? 0) + 1);
		}
	}
	return {
		attempts: deliveries.length,
		timedOut: deliveries.filter((d) => d.status === null && d.error?.includes('no answer')).length,
		status5xx,
		otherErrors: deliveries.filter((d) => d.status === null && !d.error?.includes('no answer'))
			.length,
		lost: Math.max(events - eventIds.size, 0) + [...eventIds].filter((id) => !ok.has(id)).length,
		p50: percentile(times, 50),
		p99: percentile(times, 99),
		max: times[times.length - 1] ?? 0,
		executions: executions.length,
		byStatus,
		errors,
		paused: new Set(pauses.keys()),
		pausedTwice: [...pauses.values()].filter((n) => n > 1).length,
		seconds: (last - t0) / 1000,
	};
}

/** The issue's table: one row per side. */
export function stormTable(r: StormResult): string {
	const row = (name: string, s: Side, extra: string) => {
		const fivexx = Object.entries(s.status5xx)
			.map(([k, v]) => `${v} × ${k}`)
			.join(', ');
		const errors = Object.entries(s.errors)
			.map(([k, v]) => `${v} × "${k.slice(0, 80)}"`)
			.join('; ');
		return `| ${name} | ${s.lost} | ${s.paused.size}${extra} | ${s.pausedTwice} | ${s.executions} (${Object.entries(
			s.byStatus,
		)
			.map(([k, v]) => `${k} ${v}`)
			.join(', ')}) | ${s.attempts}: ${s.timedOut} timed out${fivexx ? `, ${fivexx}` : ''}${
			s.otherErrors ? `, ${s.otherErrors} other errors` : ''
		} | ${s.p50} / ${s.p99} / ${s.max} | ${s.seconds.toFixed(1)} | ${errors || '–'} |`;
	};
	return [
		'| side | events lost | mailboxes paused | paused twice | executions | delivery attempts | answer ms p50 / p99 / max | s | failed runs |',
		'|---|---|---|---|---|---|---|---|---|',
		...(r.control ? [row('control (core Webhook → Pause)', r.control, '')] : []),
		row(
			'Deliverability Alert Trigger (auto-pause example)',
			r.example,
			r.missedByExample ? ` (${r.missedByExample} the control paused missing)` : '',
		),
		'',
		`workflow-table UPDATEs during the storm: ${r.workflowUpdates} (${(r.workflowUpdates / r.events).toFixed(2)} per event); example's static data after: ${r.staticDataBytes} bytes; 429s from the service: ${r.status429}; load average (1 min) ${r.load.min.toFixed(1)}–${r.load.max.toFixed(1)}; n8n log: ${
			Object.entries(r.dbComplaints)
				.map(([k, v]) => `${v} × "${k}"`)
				.join(', ') || 'no database complaint'
		}`,
	].join('\n');
}
