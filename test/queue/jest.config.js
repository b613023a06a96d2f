/**
 * Queue-mode suite (`npm run test:queue`): n8n's distributed engine on this machine — a private Postgres, Redis, the
 * sandbox, n8n main + worker + two webhook processors, each with the packed package installed (support/queue-cluster.ts).
 * Postgres and Redis are started once for the run (global setup); each test file starts its own n8n cluster on a
 * fresh database. Without Postgres or Redis the suite skips LOUDLY (and its summary line says so).
 */
const path = require('node:path');

module.exports = {
	rootDir: path.resolve(__dirname, '../..'),
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.queue.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/queue/global-setup.ts',
	globalTeardown: '<rootDir>/test/queue/global-teardown.ts',
	testTimeout: 180000,
	maxWorkers: 1,
	reporters: [
		'default',
		[
			'<rootDir>/test/summary-reporter.js',
			{ label: 'queue', timed: true, skipReason: 'QUEUE_SKIP' },
		],
	],
};
