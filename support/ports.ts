/**
 * Ports for the processes tests and scripts start (n8n, its task-runner broker, Postgres, Redis, proxies), chosen so
 * two runs on one machine never get the same one. A port the OS calls free is free only until someone listens on it,
 * and a child such as n8n listens seconds later: in between, another run asking the OS could be given the same
 * port. So each port handed out is also claimed, machine-wide, with a file named after it in the OS's temporary
 * folder that holds the claiming process's id; a run skips ports whose claim belongs to a process that is alive,
 * takes over the claims of processes that are gone, and drops its own claims when it exits. A program outside this
 * project may still take a port in that moment: `N8n.start` then starts again on fresh ports (EADDRINUSE).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where the claims live: one file per port, holding the claiming process's id. */
export const CLAIMS = path.join(os.tmpdir(), 'n8n-nodes-deliverability-ports');

const mine = new Set<string>();
let cleanupRegistered = false;

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: it exists, but belongs to another user.
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

function dropMine(): void {
	for (const file of mine) fs.rmSync(file, { force: true });
	mine.clear();
}

/** Claims `port` for this process; false when a live process holds it already. */
export function claimPort(port: number): boolean {
	fs.mkdirSync(CLAIMS, { recursive: true });
	const file = path.join(CLAIMS, String(port));
	for (let tries = 0; tries < 2; tries++) {
		try {
			fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
			mine.add(file);
			if (!cleanupRegistered) {
				cleanupRegistered = true;
				process.once('exit', dropMine);
			}
			return true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		const holder = Number(fs.readFileSync(file, 'utf8'));
		if (holder === process.pid || (Number.isInteger(holder) && holder > 0 && alive(holder)))
			return false;
		// The claim of a process that is gone (killed before it could drop it): take it over.
		fs.rmSync(file, { force: true });
	}
	return false;
}

/** Gives a claimed port back (a process that stopped using it and lives on). */
export function releasePort(port: number): void {
	const file = path.join(CLAIMS, String(port));
	if (mine.delete(file)) fs.rmSync(file, { force: true });
}

/** A port the OS gives as free (listen on 0, read it, close). */
function osFreePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address() as net.AddressInfo;
			srv.close(() => resolve(port));
		});
	});
}

/** A port free right now that no other run of this project has claimed; claimed for this process until it exits. */
export async function freePort(): Promise<number> {
	for (;;) {
		const port = await osFreePort();
		if (claimPort(port)) return port;
	}
}

/** Whether a TCP port on 127.0.0.1 can be listened on right now. */
export function portIsFree(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}
