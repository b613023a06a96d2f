// Prints one plain closing line for CI logs: "queue: N passed, N failed, N skipped (<s> s)", and when the suite was
// skipped because Postgres or Redis could not be had, the reason on the same line (CI greps and shows it).
class QueueSummaryReporter {
	onRunComplete(_contexts, results) {
		const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
		const seconds = ((Date.now() - results.startTime) / 1000).toFixed(0);
		const skipped = process.env.QUEUE_SKIP ? ` SKIPPED: ${process.env.QUEUE_SKIP}` : '';
		process.stdout.write(
			`\nqueue: ${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests + results.numTodoTests} skipped (${seconds} s)${skipped}\n`,
		);
	}
}
module.exports = QueueSummaryReporter;
