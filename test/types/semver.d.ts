/**
 * semver (in the lockfile through npm's own tools, not a direct dependency) ships no types, and @types/semver is not
 * installed: the one function test/unit/readme-gives-try-and-test-commands.test.ts uses, typed.
 */
declare module 'semver' {
	const semver: { satisfies(version: string, range: string): boolean };
	export default semver;
}
