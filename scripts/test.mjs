// `npm test`: build first (the scan and some tests read dist/), then lint, the offline scan, the type check and jest
// side by side. Jest spends most of its time waiting on sockets and timers, so the checks fit into its pauses: on a
// 2-core machine this takes about the time of jest alone (docs/development.md → Test times).
// Jest's output streams as it comes; each check's output is printed whole when it ends, with its time. Every step
// runs to the end, and the exit code is 1 when any failed, so one run reports every broken check at once.
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'scan', 'typecheck'];

/** Runs `npm run -s <script>`; resolves with its exit code, its captured output (unless streamed) and seconds. */
function run(script, { stream = false } = {}) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn('npm', ['run', '-s', script], {
			stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		if (!stream) {
			child.stdout.on('data', (chunk) => (output += chunk));
			child.stderr.on('data', (chunk) => (output += chunk));
		}
		child.on('close', (code) =>
			resolve({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }),
		);
	});
}

function report({ script, code, output, seconds }) {
	const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
	if (output.trim() !== '')
		process.stdout.write(`\n--- npm run ${script} ---\n${output.trimEnd()}\n`);
	process.stdout.write(`==> ${script} ${verdict} in ${seconds.toFixed(0)} s\n`);
}

const build = await run('build');
report(build);
if (build.code !== 0) process.exit(1);

const checks = CHECKS.map((script) => run(script).then((result) => (report(result), result)));
const jest = await run('test:unit', { stream: true });
const results = [...(await Promise.all(checks)), jest];
process.stdout.write(
	`==> jest ${jest.code === 0 ? 'passed' : 'FAILED'} in ${jest.seconds.toFixed(0)} s\n`,
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length > 0) {
	process.stdout.write(`\nnpm test: ${failed.join(', ')} failed\n`);
	process.exit(1);
}
