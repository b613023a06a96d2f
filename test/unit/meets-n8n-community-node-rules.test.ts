/**
 * n8n's newest community-node lint rules, checked on what n8n loads. The rules live in n8n's repository
 * (packages/@n8n/eslint-plugin-community-nodes, docs/rules/*.md); the published plugin we pin (0.32.0) lacks many of
 * them, and those it has read literal source, while our descriptions are built from lists. So each rule that can be
 * read from a built description (the three nodes, the four credentials), a codex file, package.json or the files of
 * the package is checked here, named after the rule. docs/verification.md says where each rule is met.
 *
 * Every check collects its problems and expects none, so a failure names the parameter, credential or file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { DeliverabilityApi } from '../../credentials/DeliverabilityApi.credentials';
import { DeliverabilityGoogleWorkspaceKeyApi } from '../../credentials/DeliverabilityGoogleWorkspaceKeyApi.credentials';
import { DeliverabilityMailboxApi } from '../../credentials/DeliverabilityMailboxApi.credentials';
import { DeliverabilityOutlookAppApi } from '../../credentials/DeliverabilityOutlookAppApi.credentials';
import { Deliverability } from '../../nodes/Deliverability/Deliverability.node';
import { DeliverabilityNotificationTrigger } from '../../nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node';
import { DeliverabilityAlertTrigger } from '../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';
import { singleCredentialPerNode } from './n8n-rules/single-credential-per-node';

const root = path.resolve(__dirname, '..', '..');

interface PackageJson {
	name: string;
	version: string;
	description?: string;
	license?: string;
	homepage?: string;
	keywords?: string[];
	author?: { name?: string; email?: string } | string;
	repository?: { url?: string; directory?: string };
	files?: string[];
	scripts?: Record<string, string>;
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	overrides?: unknown;
	n8n: { n8nNodesApiVersion: unknown; strict?: boolean; nodes: string[]; credentials?: string[] };
}
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;

/** Each node with the file it is loaded from (nodes/<Folder>/<File>.node.ts, as package.json lists it). */
const NODES: Array<[file: string, node: INodeType]> = [
	['nodes/Deliverability/Deliverability.node.ts', new Deliverability()],
	[
		'nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node.ts',
		new DeliverabilityAlertTrigger(),
	],
	[
		'nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node.ts',
		new DeliverabilityNotificationTrigger(),
	],
];
const CREDENTIALS: Array<[file: string, className: string, credential: ICredentialType]> = [
	['credentials/DeliverabilityApi.credentials.ts', 'DeliverabilityApi', new DeliverabilityApi()],
	[
		'credentials/DeliverabilityGoogleWorkspaceKeyApi.credentials.ts',
		'DeliverabilityGoogleWorkspaceKeyApi',
		new DeliverabilityGoogleWorkspaceKeyApi(),
	],
	[
		'credentials/DeliverabilityMailboxApi.credentials.ts',
		'DeliverabilityMailboxApi',
		new DeliverabilityMailboxApi(),
	],
	[
		'credentials/DeliverabilityOutlookAppApi.credentials.ts',
		'DeliverabilityOutlookAppApi',
		new DeliverabilityOutlookAppApi(),
	],
];
const described = NODES.map(([file, node]) => [file, node.description] as const);

/**
 * Categories of valid-node-categories (n8n's repository, src/rules/valid-node-categories.ts: the list of n8n's
 * docs, "Node categories" of the codex file page) and of valid-codex-categories (src/utils, KNOWN_CODEX_CATEGORIES).
 * A community node's category must be in both. Both refuse "Marketing", the category n8n 2.41's own nodes still use.
 */
const NODE_CATEGORIES = [
	'AI',
	'Analytics',
	'Communication',
	'Data & Storage',
	'Development',
	'Finance & Accounting',
	'Marketing & Content',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
];
const CODEX_CATEGORIES = [
	'AI',
	'Analytics',
	'Communication',
	'Core Nodes',
	'Data & Storage',
	'Developer Tools',
	'Development',
	'ECM',
	'Finance & Accounting',
	'HITL',
	'Marketing & Content',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
];
/**
 * The categories the node panel of n8n 1.123 and 2.41 treats apart (its node creator files a node under the
 * subcategories of Core Nodes, AI or HITL); a node with none of them is listed with the app nodes, "Action in an app".
 */
const PANEL_SPECIAL = ['Core Nodes', 'AI', 'HITL'];

/**
 * Top-level parameters that are optional on purpose (non-required-fields-in-collection asks for required or inside a
 * collection). Moving one into a collection would change where saved workflows keep it; the reasons, by group, are in
 * docs/verification.md. A new optional top-level parameter fails here until it is required, put in a collection or
 * added with its reason.
 */
const OPTIONAL_AT_TOP_LEVEL: Record<string, string> = {
	returnAll: "n8n's Get Many convention: Return All and Limit at the top",
	limit: "n8n's Get Many convention: Return All and Limit at the top",
	simplify: "n8n's Simplify switch of a read operation",
	output: "n8n's Output choice of a read (Simplified, Raw, Selected Fields), Simplify's successor",
	fields: 'the field names of Output → Selected Fields, shown only then',
	waitForCompletion: 'a switch; its settings show right under it while it is on',
	pollInterval: 'a setting of Wait for Completion, shown only while it is on',
	timeoutMinutes: 'a setting of Wait for Completion, shown only while it is on',
	onTimeout: 'a setting of Wait for Completion, shown only while it is on',
	updateExisting: 'a switch that shows the account to update',
	replaceGoogleKey: 'a switch that asks for the Google key credential',
	imapOnly: 'a switch that turns the import into the relink of one account',
	testOnly: 'a switch that makes the operation a login test that changes nothing',
	imapServer:
		'required unless SMTP Only is on (n8n cannot mark a field required under a condition)',
	imapServerPort: 'required unless SMTP Only is on',
	passwordField: 'one password for both servers, or one field per server',
	imapPasswordField: 'one password for both servers, or one field per server',
	smtpPasswordField: 'one password for both servers, or one field per server',
	events: "the event filter (the Notification Trigger's empty list means any event)",
	customEvents: 'more event identifiers beside the Events picker',
	active: 'whether the alert fires; on by default',
};

interface Found {
	p: INodeProperties;
	/** Where it is, as on screen: "Update Fields → Seedlist (seedlist)". */
	at: string;
	/** Inside a collection or fixed collection. */
	nested: boolean;
}

function everyProperty(list: INodeProperties[], prefix = '', nested = false): Found[] {
	const out: Found[] = [];
	for (const p of list) {
		const at = `${prefix}${p.displayName} (${p.name})`;
		out.push({ p, at, nested });
		if (p.type === 'collection' && Array.isArray(p.options))
			out.push(...everyProperty(p.options as INodeProperties[], `${at} → `, true));
		if (p.type === 'fixedCollection' && Array.isArray(p.options))
			for (const group of p.options as INodePropertyCollection[])
				out.push(...everyProperty(group.values, `${at} → ${group.displayName} → `, true));
	}
	return out;
}

/** The name markers of credential-password-field (a name holding one, and none of NOT_SECRET, is a secret). */
const SECRET = [
	'password',
	'secret',
	'token',
	'cert',
	'passphrase',
	'apikey',
	'secretkey',
	'privatekey',
	'authkey',
];
const NOT_SECRET = ['url', 'pub', 'id'];

const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}]/u;
const NON_INPUT = ['notice', 'callout', 'hidden', 'curlImport'];
const SELECTORS = ['resource', 'operation', 'authentication'];

/** An SVG icon path ("file:../../icons/x.svg") relative to the file that names it. */
function iconFiles(icon: unknown, from: string): string[] {
	const paths =
		typeof icon === 'string' ? [icon] : Object.values((icon ?? {}) as Record<string, string>);
	return paths.map((p) => path.join(root, path.dirname(from), p.replace(/^file:/, '')));
}

function luminance(hex: string): number {
	const full =
		hex.length === 4
			? hex
					.slice(1)
					.split('')
					.map((c) => c + c)
					.join('')
			: hex.slice(1);
	const [r, g, b] = [0, 2, 4].map((i) => {
		const c = parseInt(full.slice(i, i + 2), 16) / 255;
		return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
	});
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast of the best-contrasting paint (fill, stroke, stop-color) of an SVG on a background. */
function bestContrast(svg: string, background: string): number {
	const paints = [
		...svg.matchAll(/(?:fill|stroke|stop-color)\s*[=:]\s*"?\s*(#[0-9a-f]{3,6})\b/gi),
	].map((m) => m[1]);
	const bg = luminance(background);
	return Math.max(
		0,
		...paints.map((c) => {
			const l = luminance(c);
			return (Math.max(l, bg) + 0.05) / (Math.min(l, bg) + 0.05);
		}),
	);
}

/**
 * no-builder-hint-leakage (n8n's repository, src/rules/no-builder-hint-leakage.ts): no string inside a `builderHint`
 * value holds n8n's wire-format expression syntax (`={{`) or a connection-type name in prose (`ai_tool`,
 * `ai_languageModel`, …; a string that is exactly one is data and allowed). The rule reads the literals written
 * inside `builderHint: {…}` in the source; ours are partly assembled from lists (each operation's `builder` fact, the
 * pickers' hints), so this reads every string under every `builderHint` key of the built description.
 */
const WIRE_EXPRESSION = /={{/;
const CONNECTION_NAMES =
	'agent|chain|document|embedding|languageModel|memory|outputParser|retriever|reranker|textSplitter|tool|vectorStore';
const CONNECTION_NAME = new RegExp(`\\bai_(${CONNECTION_NAMES})\\b`);
const EXACT_CONNECTION_NAME = new RegExp(`^ai_(${CONNECTION_NAMES})$`);

/** Every string inside a `builderHint` value anywhere in `value`, with where it is. */
function builderHintTexts(
	value: unknown,
	at = '',
	inside = false,
): Array<{ at: string; text: string }> {
	if (typeof value === 'string') return inside ? [{ at, text: value }] : [];
	if (value === null || typeof value !== 'object') return [];
	return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
		builderHintTexts(v, `${at}.${key}`, inside || key === 'builderHint'),
	);
}

describe.each(described)('%s', (file, description: INodeTypeDescription) => {
	const all = everyProperty(description.properties);
	const isTrigger = description.group.includes('trigger');

	it('require-param-default: every parameter, nested ones too, declares a default', () => {
		expect(all.filter(({ p }) => !('default' in p)).map(({ at }) => at)).toEqual([]);
	});

	it('hint-max-length: no hint is longer than 120 characters', () => {
		expect(
			all
				.filter(({ p }) => (p.hint ?? '').length > 120)
				.map(({ p, at }) => `${at}: ${p.hint!.length}`),
		).toEqual([]);
	});

	it('no-builder-hint-leakage: no ={{ and no connection-type name (ai_tool, …) in any builderHint text', () => {
		const texts = builderHintTexts(description);
		expect(texts.length).toBeGreaterThan(0);
		expect(
			texts
				.filter(
					({ text }) =>
						WIRE_EXPRESSION.test(text) ||
						(!EXACT_CONNECTION_NAME.test(text) && CONNECTION_NAME.test(text)),
				)
				.map(({ at, text }) => `${at}: ${text}`),
		).toEqual([]);
	});

	it('non-required-fields-in-collection: a top-level field is required, a selector, a container or optional by design; nothing inside a collection is required', () => {
		const problems = all
			.filter(
				({ p, nested }) =>
					!nested &&
					p.required !== true &&
					!SELECTORS.includes(p.name) &&
					!['collection', 'fixedCollection', ...NON_INPUT].includes(p.type) &&
					!(p.name in OPTIONAL_AT_TOP_LEVEL),
			)
			.map(({ at }) => `${at}: optional at the top level`);
		for (const { p, at } of all)
			if (p.type === 'collection')
				for (const option of p.options as INodeProperties[])
					if (option.required) problems.push(`${at} → ${option.displayName}: required`);
		expect(problems).toEqual([]);
	});

	it('open-ended-node-fields: no optional JSON field at the top level', () => {
		expect(
			all
				.filter(({ p, nested }) => !nested && p.type === 'json' && p.required !== true)
				.map(({ at }) => at),
		).toEqual([]);
	});

	it('option lists: options-sorted-alphabetically, no-duplicate-param-options, no-asterisk-in-option-names, no-emoji-in-options', () => {
		const problems: string[] = [];
		if (EMOJI.test(description.displayName)) problems.push('node display name: emoji');
		for (const { p, at } of all) {
			if (EMOJI.test(p.displayName)) problems.push(`${at}: emoji`);
			if ((p.type !== 'options' && p.type !== 'multiOptions') || !Array.isArray(p.options))
				continue;
			const options = p.options as INodePropertyOptions[];
			const names = options.map((o) => o.name);
			const sorted = [...names].sort((x, y) =>
				x.localeCompare(y, undefined, { sensitivity: 'base' }),
			);
			if (JSON.stringify(names) !== JSON.stringify(sorted)) problems.push(`${at}: not sorted`);
			if (new Set(names).size !== names.length) problems.push(`${at}: a name twice`);
			if (new Set(options.map((o) => o.value)).size !== options.length)
				problems.push(`${at}: a value twice`);
			for (const o of options) {
				if (typeof o.name !== 'string' || o.value === undefined)
					problems.push(`${at}: an option without name or value`);
				if (o.name.includes('*')) problems.push(`${at}: "${o.name}" has an asterisk`);
				if (EMOJI.test(o.name)) problems.push(`${at}: "${o.name}" has an emoji`);
			}
		}
		expect(problems).toEqual([]);
	});

	it('resource-operation-pattern: an action node has an Operation picker whose every option has an action', () => {
		if (isTrigger) return;
		const pickers = description.properties.filter(
			(p) => p.name === 'operation' && p.type === 'options',
		);
		expect(pickers.length).toBeGreaterThan(0);
		const problems = pickers.flatMap((p) =>
			(p.options as INodePropertyOptions[])
				.filter((o) => !o.action)
				.map((o) => `${p.displayOptions?.show?.resource}: ${o.name} has no action`),
		);
		expect(problems).toEqual([]);
	});

	it('node-class-description-name-camelcase, node-filename-against-convention, require-node-description-fields, node-class-description-non-core-color', () => {
		const problems: string[] = [];
		if (!/^[a-z][a-zA-Z0-9]*$/.test(description.name)) problems.push('name is not camelCase');
		const expected = description.name[0].toUpperCase() + description.name.slice(1);
		if (path.basename(file) !== `${expected}.node.ts`)
			problems.push(`file should be ${expected}.node.ts`);
		if (!description.icon) problems.push('no icon');
		if (!description.subtitle) problems.push('no subtitle');
		const color = (description.defaults as { color?: string }).color;
		if (color?.toUpperCase() === '#FF6D5A') problems.push("uses n8n's core color");
		expect(problems).toEqual([]);
	});

	it('node-usable-as-tool and trigger-node-conventions: an action node is usable as a tool; a trigger is not, is named a trigger and has no input', () => {
		if (!isTrigger) {
			expect(description.usableAsTool).toBe(true);
			return;
		}
		expect({
			usableAsTool: description.usableAsTool,
			name: description.name.endsWith('Trigger'),
			displayName: description.displayName.includes('Trigger'),
			inputs: description.inputs,
		}).toEqual({ usableAsTool: undefined, name: true, displayName: true, inputs: [] });
	});

	it('valid-credential-references, no-credential-reuse: every credential it names is a credential of this package', () => {
		const ours = CREDENTIALS.map(([, , c]) => c.name);
		expect(
			(description.credentials ?? []).map((c) => c.name).filter((n) => !ours.includes(n)),
		).toEqual([]);
	});

	it('valid-node-categories, valid-codex-categories, no-ai-codex-category, no-codex-subcategories, no-logic-or-flow-nodes: its codex file', () => {
		const codex = JSON.parse(
			fs.readFileSync(path.join(root, file.replace(/\.ts$/, '.json')), 'utf8'),
		) as {
			node: string;
			categories: unknown;
			subcategories?: unknown;
		};
		const categories = codex.categories as string[];
		const problems: string[] = [];
		if (codex.node !== `${pkg.name}.${description.name}`) problems.push(`node is ${codex.node}`);
		if (!Array.isArray(categories) || categories.length === 0) problems.push('no categories');
		for (const c of categories ?? []) {
			if (!NODE_CATEGORIES.includes(c)) problems.push(`"${c}" is not in valid-node-categories`);
			if (!CODEX_CATEGORIES.includes(c)) problems.push(`"${c}" is not in valid-codex-categories`);
			if (c === 'AI') problems.push('"AI" needs the AI Node SDK');
			if (['Logic', 'Flow'].includes(c)) problems.push(`"${c}" is refused`);
			// Shown with the app nodes in n8n 1.123 and 2.41 alike.
			if (PANEL_SPECIAL.includes(c)) problems.push(`"${c}" moves the node out of the app nodes`);
		}
		if (codex.subcategories !== undefined) problems.push('has subcategories');
		expect(problems).toEqual([]);
	});
});

describe('the action node', () => {
	it('require-continue-on-fail: its execute() reads this.continueOnFail()', () => {
		expect(Deliverability.prototype.execute.toString()).toMatch(/this\.continueOnFail\(\)/);
	});
});

describe.each(NODES.map(([file]) => file))('%s', (file) => {
	it("single-credential-per-node: no two entries of its credentials list can show at once, by the rule's reading of the source", () => {
		const source = fs.readFileSync(path.join(root, file), 'utf8');
		expect(singleCredentialPerNode(source, path.join(root, file))).toEqual([]);
	});
});

/** The model of single-credential-per-node on small node files: what it reads and what it ignores. */
describe('single-credential-per-node, as modelled (test/unit/n8n-rules/)', () => {
	const node = (credentials: string, properties = '') => `
		import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
		import { Auth } from './auth';
		const OAUTH = 'oAuth2';
		export class Example implements INodeType {
			description: INodeTypeDescription = {
				credentials: [${credentials}],
				properties: [${properties}],
			} as INodeTypeDescription;
		}`;
	const lint = (credentials: string, properties?: string) =>
		singleCredentialPerNode(node(credentials, properties), 'Example.node.ts');
	const entry = (name: string, displayOptions?: string) =>
		`{ name: '${name}', required: true${displayOptions ? `, displayOptions: ${displayOptions}` : ''} }`;

	it('passes one credential, and credentials shown for different values of one key', () => {
		expect(lint(entry('a'))).toEqual([]);
		expect(
			lint(
				[
					entry('a', "{ show: { authentication: ['apiKey'] } }"),
					entry('b', '{ show: { authentication: [OAUTH] } }'),
					entry('c', "{ show: { authentication: ['basic'], resource: ['x'] } }"),
				].join(),
			),
		).toEqual([]);
		// Members of one imported enum differ by name; a member never differs from a literal.
		const auth = (a: string, b: string) =>
			lint(
				[
					entry('a', `{ show: { authentication: [${a}] } }`),
					entry('b', `{ show: { authentication: [${b}] } }`),
				].join(),
			);
		expect(auth('Auth.Basic', 'Auth.Token')).toEqual([]);
		expect(auth('Auth.Basic', "'token'")).toHaveLength(1);
	});

	it('fails a credential without displayOptions beside another', () => {
		expect(lint([entry('a'), entry('b', "{ show: { resource: ['x'] } }")].join())).toHaveLength(1);
	});

	it('ignores hide: two entries kept apart only by hide fail', () => {
		expect(
			lint(
				[
					entry('a', "{ show: { resource: ['x'] }, hide: { provider: ['outlook'] } }"),
					entry('b', "{ show: { resource: ['x'], provider: ['outlook'] } }"),
				].join(),
			),
		).toHaveLength(1);
	});

	it('skips a key that names a multi-options parameter, and a key with a value it cannot read', () => {
		const pair = (key: string, a: string, b: string) =>
			[
				entry('a', `{ show: { ${key}: [${a}] } }`),
				entry('b', `{ show: { ${key}: [${b}] } }`),
			].join();
		expect(
			lint(pair('events', "'x'", "'y'"), "{ name: 'events', type: 'multiOptions', default: [] }"),
		).toHaveLength(1);
		expect(
			lint(pair('events', "'x'", "'y'"), "{ name: 'events', type: 'options', default: 'x' }"),
		).toEqual([]);
		expect(lint(pair('authentication', 'valueFrom()', "'y'"))).toHaveLength(1);
	});

	it('reports once, on the credentials list, however many pairs overlap', () => {
		expect(lint([entry('a'), entry('b'), entry('c')].join())).toEqual([7]);
	});
});

describe.each(CREDENTIALS)('%s', (file, className, credential) => {
	const testedByNode = NODES.some(([, n]) =>
		(n.description.credentials ?? []).some((c) => c.name === credential.name && c.testedBy),
	);

	it('cred-class-name-suffix, cred-class-name-field-conventions, cred-filename-against-convention, cred-class-oauth2-naming', () => {
		const problems: string[] = [];
		if (!className.endsWith('Api')) problems.push('class name does not end in Api');
		if (!/^[a-z]\w*Api$/.test(credential.name)) problems.push(`name ${credential.name}`);
		if (path.basename(file) !== `${className}.credentials.ts`) problems.push('file name');
		const oauth = [
			className,
			credential.name,
			credential.displayName,
			...(credential.extends ?? []),
		];
		if (oauth.some((s) => /oauth2/i.test(s)) && !oauth.slice(0, 3).every((s) => /OAuth2/i.test(s)))
			problems.push('OAuth2 named in some places only');
		expect(problems).toEqual([]);
	});

	it('credential-documentation-url: a full https URL', () => {
		expect(new URL(credential.documentationUrl ?? '').protocol).toBe('https:');
	});

	it('credential-password-field, credential-unnecessary-password: secret fields are masked, and only they', () => {
		const problems: string[] = [];
		for (const p of credential.properties) {
			const name = p.name.toLowerCase();
			const sensitive =
				!NOT_SECRET.some((s) => name.includes(s)) && SECRET.some((s) => name.includes(s));
			const secretLike = [...SECRET, 'key'].some((s) => name.includes(s));
			const masked = p.typeOptions?.password === true;
			if (sensitive && !masked) problems.push(`${p.name}: a secret shown in clear`);
			if (masked && !secretLike) problems.push(`${p.name}: masked but not a secret`);
		}
		expect(problems).toEqual([]);
	});

	it('credential-test-required: tested by its own request or by a node method', () => {
		expect(Boolean(credential.test) || testedByNode).toBe(true);
	});

	it('cred-class-field-icon-missing, icon-validation: light and dark SVG icons that exist and differ', () => {
		const files = iconFiles(credential.icon, file);
		expect(files).toHaveLength(2);
		expect(new Set(files).size).toBe(2);
		for (const f of files) expect(fs.readFileSync(f, 'utf8')).toContain('<svg');
	});
});

describe('package.json', () => {
	it('require-mit-license, no-monorepo, require-community-node-keyword, package-name-convention, valid-author, require-homepage, valid-description, require-version, require-files-array', () => {
		const author = typeof pkg.author === 'string' ? {} : (pkg.author ?? {});
		expect({
			license: pkg.license,
			directory: pkg.repository?.directory,
			keyword: pkg.keywords?.includes('n8n-community-node-package'),
			name: /^(@[a-z0-9-~][a-z0-9-._~]*\/)?n8n-nodes-[a-z0-9-._~]+$/.test(pkg.name),
			author: Boolean(author.name?.trim() && author.email?.trim()),
			homepage: new URL(pkg.homepage ?? 'none:').protocol,
			description: Boolean(pkg.description?.trim()),
			version: /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(pkg.version),
			files: (pkg.files ?? []).length > 0,
		}).toEqual({
			license: 'MIT',
			directory: undefined,
			keyword: true,
			name: true,
			author: true,
			homepage: 'https:',
			description: true,
			version: true,
			files: true,
		});
	});

	it('no-runtime-dependencies, valid-peer-dependencies, no-overrides-field, no-forbidden-lifecycle-scripts, no-template-placeholders', () => {
		const lifecycle = [
			'preinstall',
			'install',
			'postinstall',
			'prepublish',
			'preprepare',
			'prepare',
			'postprepare',
		];
		const strings = JSON.stringify(pkg).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
		expect({
			dependencies: Object.keys(pkg.dependencies ?? {}),
			peerDependencies: pkg.peerDependencies,
			overrides: pkg.overrides,
			lifecycle: Object.keys(pkg.scripts ?? {}).filter((s) => lifecycle.includes(s)),
			placeholders: strings.filter((s) => /<[^>]+>|\{\{.*\}\}/.test(s)),
		}).toEqual({
			dependencies: [],
			peerDependencies: { 'n8n-workflow': '*' },
			overrides: undefined,
			lifecycle: [],
			placeholders: [],
		});
	});

	it('n8n-object-validation, node-registration-complete: the n8n section lists every node and credential file, from dist/', () => {
		const sources = (dir: string, ext: string): string[] =>
			fs
				.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
				.filter((f) => f.endsWith(ext))
				.map((f) => `dist/${dir}/${f.replace(/\.ts$/, '.js')}`)
				.sort();
		expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
		expect([...pkg.n8n.nodes].sort()).toEqual(sources('nodes', '.node.ts'));
		expect([...(pkg.n8n.credentials ?? [])].sort()).toEqual(
			sources('credentials', '.credentials.ts'),
		);
		expect(NODES.map(([f]) => `dist/${f.replace(/\.ts$/, '.js')}`).sort()).toEqual(
			[...pkg.n8n.nodes].sort(),
		);
	});
});

describe('files', () => {
	it('no-dead-files: no backup, editor or test-artifact file in nodes/ or credentials/', () => {
		const dead = ['nodes', 'credentials'].flatMap((dir) =>
			fs
				.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
				.filter((f) => /\.(bak|backup)$|Zone\.Identifier$|(^|\/)test\.(js|ts)$/.test(f))
				.map((f) => `${dir}/${f}`),
		);
		expect(dead).toEqual([]);
	});

	it('no-hardcoded-ids: no node file sets a partner, affiliate, reseller, account, tenant, customer or client id to a fixed string', () => {
		const fixed =
			/\b\w*(partner|affiliate|reseller|account|tenant|customer|client)_?id['"]?\s*[:=]\s*['"`]/i;
		expect(
			NODES.filter(([file]) => fixed.test(fs.readFileSync(path.join(root, file), 'utf8'))).map(
				([file]) => file,
			),
		).toEqual([]);
	});

	it('icon-contrast, icon-prefer-themed-variants: each node icon has a light and a dark file, readable on its background', () => {
		const problems: string[] = [];
		for (const [file, node] of NODES) {
			const icon = node.description.icon as { light?: string; dark?: string } | string;
			if (typeof icon === 'string') {
				problems.push(`${file}: one icon for both themes`);
				continue;
			}
			const [light, dark] = iconFiles({ light: icon.light, dark: icon.dark }, file);
			// n8n's node backgrounds: white (light theme), #2b2b2b (dark theme); the rule warns below 1.5:1.
			const onLight = bestContrast(fs.readFileSync(light, 'utf8'), '#ffffff');
			const onDark = bestContrast(fs.readFileSync(dark, 'utf8'), '#2b2b2b');
			if (onLight < 1.5) problems.push(`${file}: light icon ${onLight.toFixed(2)}:1`);
			if (onDark < 1.5) problems.push(`${file}: dark icon ${onDark.toFixed(2)}:1`);
		}
		expect(problems).toEqual([]);
	});
});
