/**
 * What a running process uses, read from Linux's /proc: its descendants (n8n's task runner), CPU time and resident
 * memory. Benches report them; nothing asserts on them.
 */
import fs from 'node:fs';

/** Descendant process ids of a process (Linux /proc; empty elsewhere). */
export function descendants(pid: number): number[] {
	const children = new Map<number, number[]>();
	let entries: string[] = [];
	try {
		entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
	} catch {
		return [];
	}
	for (const entry of entries) {
		try {
			// Field 4 of /proc/<pid>/stat is the parent id; the command name (field 2) may hold spaces: split after ')'.
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
		} catch {
			// exited meanwhile
		}
	}
	const out: number[] = [];
	const queue = [pid];
	while (queue.length > 0) {
		for (const child of children.get(queue.shift()!) ?? []) {
			out.push(child);
			queue.push(child);
		}
	}
	return out;
}

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command name.
		return (Number(fields[11]) + Number(fields[12])) / 100;
	} catch {
		return 0;
	}
}

/** Resident memory of one process in MiB (VmRSS from /proc; 0 when it is gone). */
export function rssMiB(pid: number): number {
	try {
		const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return m ? Number(m[1]) / 1024 : 0;
	} catch {
		return 0;
	}
}
