// Mutation testing (`npm run mutate`, scripts/mutate.mjs): Stryker changes one thing at a time in a file (a `<` into
// `<=`, a string into "", a condition into `true`) and runs the tests that reach the changed line; a change no test
// notices is a behaviour nothing pins down. Each file is mutated against its own fast unit tests only (the engine
// tests through WorkflowExecute would take minutes per file on 2 cores), so its score is a lower bound.
// Equivalent mutants (no behaviour can tell them apart) are marked in the code with a `Stryker disable` comment that
// says why, where Stryker can single them out; the scores and every equivalent mutant with its reason are listed in
// docs/development.md (section "Mutation testing").

/** What `npm run mutate [name…]` runs: each file with the test files that pin its behaviour. */
export const targets = {
	pacer: {
		// sendLog.ts (the send log) and pacerPolicy.ts (its numbers) were carved out of pacer.ts.
		mutate: ['nodes/shared/pacer.ts', 'nodes/shared/sendLog.ts', 'nodes/shared/pacerPolicy.ts'],
		tests: ['test/unit/pacer-*.test.ts'],
	},
	answers: {
		// answerSecrets.ts (the API key taken out of an answer) and answerText.ts (a body as text for a
		// person) were carved out of answers.ts.
		mutate: [
			'nodes/shared/transport/answers.ts',
			'nodes/shared/transport/answerText.ts',
			'nodes/shared/transport/answerSecrets.ts',
		],
		tests: [
			'test/unit/reading-answers.test.ts',
			'test/unit/reading-answers-edge-cases.test.ts',
			'test/unit/answer-secrets.test.ts',
		],
	},
	spamTestSimplified: {
		// placement.ts (the placement per provider) and inboxVerdict.ts (the thresholds and the verdict)
		// were carved out of simplified.ts: still one concern here.
		mutate: [
			'nodes/Deliverability/resources/spamTest/shared/simplified.ts',
			'nodes/Deliverability/resources/spamTest/shared/placement.ts',
			'nodes/Deliverability/resources/spamTest/shared/inboxVerdict.ts',
		],
		// Its tests through the engine (the first half of the file) take seconds each: only the pure half.
		tests: ['test/nodes/spamTest/simplified.test.ts'],
		testNamePattern: '^the simplifier alone ',
	},
	domainSimplified: {
		mutate: 'nodes/Deliverability/resources/domain/shared/simplified.ts',
		tests: ['test/nodes/domain/simplified.test.ts'],
	},
	validation: {
		// invalidFields.ts (several problems in one error) was carved out of validation.ts.
		mutate: ['nodes/shared/validation.ts', 'nodes/shared/invalidFields.ts'],
		tests: ['test/unit/validation.test.ts', 'test/unit/validation-at-the-edges.test.ts'],
	},
	trend: {
		// The one rule behind every trend verdict: the exact test, the thresholds, the words.
		mutate: 'nodes/Deliverability/helpers/trend.ts',
		tests: ['test/unit/trend-verdicts.test.ts'],
	},
	dedupe: {
		// The process's memory and the saved copy were carved out of dedupe.ts.
		mutate: [
			'nodes/DeliverabilityAlertTrigger/dedupe.ts',
			'nodes/DeliverabilityAlertTrigger/processMemory.ts',
			'nodes/DeliverabilityAlertTrigger/savedMemory.ts',
		],
		tests: ['test/trigger/duplicate-memory-rules.test.ts'],
	},
};

const name = process.env.MUTATE_TARGET ?? 'pacer';
const target = targets[name];
if (!target)
	throw new Error(`MUTATE_TARGET: no target "${name}" (${Object.keys(targets).join(', ')})`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	mutate: [target.mutate].flat(),
	testRunner: 'jest',
	plugins: ['@stryker-mutator/jest-runner'],
	jest: {
		configFile: 'jest.config.js',
		// Only the target's own test files, not every test that imports it somewhere down the line.
		enableFindRelatedTests: false,
		config: {
			testMatch: target.tests.map((file) => `<rootDir>/${file}`),
			roots: ['<rootDir>/test'],
			reporters: ['default'],
			...(target.testNamePattern ? { testNamePattern: target.testNamePattern } : {}),
		},
	},
	// Each mutant runs only the tests that reach its line.
	coverageAnalysis: 'perTest',
	// The project's machine has 2 cores shared with other work; `--concurrency 2` where there is room.
	concurrency: 1,
	timeoutMS: 10000,
	// The sandbox copy holds what the tests import, nothing else (not .cache/, with its runtimes, nor dist/).
	ignorePatterns: [
		'/*',
		'!/nodes',
		'!/credentials',
		'!/test',
		'!/sandbox',
		'!/support',
		'!/package.json',
		'!/tsconfig.json',
		'!/tsconfig.test.json',
		'!/jest.config.js',
	],
	tempDirName: '.cache/stryker-tmp',
	reporters: ['progress-append-only', 'clear-text', 'json', 'html'],
	jsonReporter: { fileName: `.cache/mutation/${name}.json` },
	htmlReporter: { fileName: `.cache/mutation/${name}.html` },
	clearTextReporter: { allowColor: false, logTests: false },
	cleanTempDir: true,
};
