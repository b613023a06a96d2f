// Prints one plain closing line ("e2e: N passed, N failed, N skipped (<s> s)") after the e2e run, for CI logs; a run
// against another runtime than the current one (N8N_RUNTIME=lowest) names it at the end of the line.
const versions = require('../../support/versions.json');

class E2eSummaryReporter {
	onRunComplete(_contexts, results) {
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		const seconds = ((Date.now() - results.startTime) / 1000).toFixed(0);
		const runtime =
			process.env.N8N_RUNTIME === 'lowest'
				? ` [n8n ${versions.lowest.n8n}, Node ${versions.lowest.node}]`
				: '';
		process.stdout.write(
			`\ne2e: ${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests + results.numTodoTests} skipped (${seconds} s)${runtime}\n`,
		);
	}
}
module.exports = E2eSummaryReporter;
