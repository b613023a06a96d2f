// `npm run runtime`: provision the real-n8n runtime (support/runtime.ts) and report it; `--lowest` the lowest
// supported n8n instead, `--check` only reports (exit 1 when incomplete).
import {
	ensureRuntime,
	runtimePaths,
	runtimeStatus,
	selectedRuntime,
	type RuntimeName,
} from '../support/runtime';

const name: RuntimeName = process.argv.includes('--lowest') ? 'lowest' : selectedRuntime();
const paths = runtimePaths(undefined, name);
const { node, n8n } = paths.versions;
const status = runtimeStatus(paths);
if (process.argv.includes('--check')) {
	console.log(
		JSON.stringify({
			runtime: name,
			complete: status.node && status.n8n,
			nodeInstalled: status.node,
			n8nInstalled: status.n8n,
			versions: { node, n8n },
			root: paths.root,
		}),
	);
	process.exit(status.node && status.n8n ? 0 : 1);
}
if (status.node && status.n8n)
	console.log(`[runtime] Node ${node} + n8n ${n8n} already present in ${paths.root}`);
ensureRuntime({ name })
	.then((p) =>
		console.log(JSON.stringify({ runtime: name, nodeBin: p.nodeBin, n8nMain: p.n8nMain })),
	)
	.catch((e: Error) => {
		console.error(`[runtime] ${e.message}`);
		process.exit(1);
	});
