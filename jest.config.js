/** Unit, sandbox and in-process node tests. The e2e suite (real n8n) and the queue-mode suite have their own configs. */
const os = require('node:os');

module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/queue/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	setupFiles: ['<rootDir>/test/setup-env.js'],
	testTimeout: 30000,
	// Most of a node test's time is spent waiting on the sandbox's sockets and on retry timers, not on the CPU: two
	// workers per core keep a 2-core machine busy (1 worker, jest's default there: 451 s; 4 workers: see
	// docs/development.md → Test times). A number, since jest reads "200%" as 200 workers.
	maxWorkers: Math.min(8, 2 * os.availableParallelism()),
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
