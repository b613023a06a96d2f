/**
 * Counts TCP connection attempts to one port, underneath n8n's HTTP stack: how the transport tests see that a
 * request was sent once, retried, or never sent at all.
 */
import * as net from 'node:net';

export function countConnects(port: number): { count: () => number; restore: () => void } {
	let n = 0;
	const original = net.Socket.prototype.connect;
	const spy = jest.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
		this: net.Socket,
		...args: unknown[]
	) {
		const first = args[0] as { port?: number } | unknown[] | undefined;
		const options = Array.isArray(first) ? (first[0] as { port?: number }) : first;
		if (options && Number(options.port) === port) n++;
		return (original as (...a: unknown[]) => net.Socket).apply(this, args);
	});
	return { count: () => n, restore: () => spy.mockRestore() };
}
