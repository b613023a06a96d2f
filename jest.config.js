/** Unit, sandbox and in-process node tests. The e2e suite (real n8n) and the queue-mode suite have their own configs. */
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
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
