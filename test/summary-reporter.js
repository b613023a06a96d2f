// Prints one plain closing line ("jest: N passed, N failed, N skipped") after every run, for CI logs.
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		process.stdout.write(
			`\njest: ${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests + results.numTodoTests} skipped\n`,
		);
	}
}
module.exports = SummaryReporter;
