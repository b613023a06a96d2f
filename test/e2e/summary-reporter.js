// Prints one plain closing line ("e2e: N passed, N failed, N skipped (<s> s)") after the e2e run, for CI logs.
class E2eSummaryReporter {
	onRunComplete(_contexts, results) {
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		const seconds = ((Date.now() - results.startTime) / 1000).toFixed(0);
		process.stdout.write(
			`\ne2e: ${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests + results.numTodoTests} skipped (${seconds} s)\n`,
		);
	}
}
module.exports = E2eSummaryReporter;
