import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * `--hogs N`: N processes that each spin one core at 100 % (a busy loop in plain Node), started before the scenarios
 * and stopped after them, so the pacer is measured with timers firing late and requests leaving in clumps. Returns the
 * function that stops them (by their own pids) and the load average seen meanwhile.
 */
export function startHogs(count: number): { stop: () => void; load: () => number } {
	const hogs = Array.from({ length: count }, () =>
		spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
	);
	let peakLoad = 0;
	const sample = setInterval(() => (peakLoad = Math.max(peakLoad, os.loadavg()[0])), 1000);
	return {
		stop: () => {
			clearInterval(sample);
			for (const hog of hogs) hog.kill('SIGKILL');
		},
		load: () => peakLoad,
	};
}
