// n8n's logger prints every node error to the console; the tests read errors from the run results instead.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';

// n8n-workflow runs the regular expressions of parameter checks (resource locator ids, field validation) in a vm with
// a 250 ms wall-clock limit. A CPU-starved test machine can pause a run that long on a pattern that needs microseconds
// ("Regular expression execution timed out", in a different test file each run). These tests check what the patterns
// match, not n8n's guard against slow ones, so they run the same patterns natively; real n8n (the e2e suites) keeps it.
const { setSafeRegexEngine } = require('n8n-workflow');
const native = (pattern, flags) => new RegExp(pattern, flags);
setSafeRegexEngine({
	exec: (pattern, input, flags) => native(pattern, flags).exec(input),
	test: (pattern, input, flags) => native(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(native(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(input.matchAll(native(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`))),
	split: (pattern, input, flags) => input.split(native(pattern, flags)),
});
