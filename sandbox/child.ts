/**
 * The sandbox in a child process (`sandbox/cli.ts`), for callers that must not share a process with it: `npm start`
 * (it outlives the script's own work) and the client-CPU bench (the sandbox's CPU must not count as the client's).
 * Resolves with the one JSON line the CLI prints when it is ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface SandboxInfo {
	baseUrl: string;
	adminUrl: string;
	smtpPort: number;
	apiKeys: { A: string; B: string };
}

interface ChildSandboxOptions {
	accounts?: number;
	latencyMs?: number;
	/** Its own process group (npm start stops it with the group). */
	detached?: boolean;
	/** Serve the API over HTTPS with this certificate and key (PEM files; support/tls-ca.ts makes them). */
	tls?: { certFile: string; keyFile: string };
}

export function startSandboxProcess(
	options: ChildSandboxOptions = {},
): Promise<{ proc: ChildProcess; info: SandboxInfo }> {
	const root = path.resolve(__dirname, '..');
	const tsNode = require.resolve('ts-node/dist/bin.js', { paths: [root] });
	const args = ['--port', '0', '--smtp-port', '0'];
	if (options.accounts !== undefined) args.push('--accounts', String(options.accounts));
	if (options.latencyMs !== undefined) args.push('--latency-ms', String(options.latencyMs));
	if (options.tls) args.push('--tls-cert', options.tls.certFile, '--tls-key', options.tls.keyFile);
	const proc = spawn(process.execPath, [tsNode, '--transpile-only', 'sandbox/cli.ts', ...args], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: options.detached ?? false,
	});
	let stderr = '';
	proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
	return new Promise((resolve, reject) => {
		const rl = readline.createInterface({ input: proc.stdout! });
		rl.once('line', (line) => {
			try {
				resolve({ proc, info: JSON.parse(line) as SandboxInfo });
			} catch {
				reject(new Error(`sandbox printed ${line}`));
			}
		});
		proc.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${stderr}`)));
	});
}
