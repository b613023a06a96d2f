/**
 * End-to-end suite: a real n8n (support/runtime.ts provisions it into .cache/) with this package installed from
 * `npm pack` output, against the sandbox. Run with `npm run test:e2e` (builds first). Files run one at a time:
 * each starts its own n8n on free ports.
 */
const path = require('node:path');

module.exports = {
	rootDir: path.resolve(__dirname, '../..'),
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	testTimeout: 180000,
	maxWorkers: 1,
	reporters: [
		'default',
		['<rootDir>/test/summary-reporter.js', { label: 'e2e', timed: true, runtime: true }],
	],
};
