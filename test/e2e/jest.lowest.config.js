/**
 * The e2e files that prove the lowest supported n8n (support/versions.json "lowest", README → Compatibility) in a real
 * n8n of that version: the package installs from the tarball and loads, the credential test passes, the examples
 * run (the pre-send gate among them), the trigger registers, survives a restart and removes its alert, the polling
 * trigger arms, polls, survives a restart and a kill and stops when unpublished (legacy polling), an MCP
 * client reaches the tools through n8n's MCP Server Trigger (its version 2 exists from 1.x on), and every operation
 * works behind a proxy (HTTP_PROXY, HTTPS_PROXY, NO_PROXY), a refusing proxy named in the operation's error, and
 * Always Output Data puts its empty item on "Completed" when every item is "Not Yet", refused after it, and
 * `npm run check:n8n` passes every check against it.
 * `npm run test:e2e:lowest`; the runtime is provisioned into .cache/runtime/ on first use, beside the current one.
 */
process.env.N8N_RUNTIME = 'lowest';
const base = require('./jest.config');

module.exports = {
	...base,
	// n8n 1.x takes longer to be usable (CLI import, then its REST API and owner setup, then each imported workflow
	// saved once): on a loaded 2-core machine a file's set-up alone passed 180 s.
	testTimeout: 300000,
	testMatch: [
		'**/package.e2e.test.ts',
		'**/examples.e2e.test.ts',
		'**/auto-pause.e2e.test.ts',
		'**/notification-poll.e2e.test.ts',
		'**/mcp-server.e2e.test.ts',
		'**/proxy.e2e.test.ts',
		'**/always-output-data.e2e.test.ts',
		'**/check-n8n.e2e.test.ts',
	],
};
