/**
 * Prints one plain closing line after a Jest run, for CI logs (.ci/run greps `^(jest|e2e|queue): N passed, …`):
 * "<label>: N passed, N failed, N skipped", then what its options ask for (each jest config passes its own):
 * - `timed`: the run's seconds, " (<s> s)";
 * - `runtime`: on the lowest supported n8n (N8N_RUNTIME=lowest), its versions, " [n8n <v>, Node <v>]";
 * - `skipReason`: the environment variable that holds why the suite was skipped, " SKIPPED: <reason>" when set.
 */
const versions = require('../support/versions.json');

class SummaryReporter {
	constructor(_globalConfig, options = {}) {
		this.options = { label: 'jest', ...options };
	}

	onRunComplete(_contexts, results) {
		const { label, timed, runtime, skipReason } = this.options;
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		const skipped = results.numPendingTests + results.numTodoTests;
		let line = `${label}: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped`;
		if (timed) line += ` (${((Date.now() - results.startTime) / 1000).toFixed(0)} s)`;
		if (runtime && process.env.N8N_RUNTIME === 'lowest')
			line += ` [n8n ${versions.lowest.n8n}, Node ${versions.lowest.node}]`;
		if (skipReason && process.env[skipReason]) line += ` SKIPPED: ${process.env[skipReason]}`;
		process.stdout.write(`\n${line}\n`);
	}
}
module.exports = SummaryReporter;
