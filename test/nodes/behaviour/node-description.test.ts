/**
 * The action node's public interface: resource/operation values, parameter names and the n8n conventions
 * its description must follow. These names are fixed: workflows depend on them.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import { DeliverabilityNotificationTrigger } from '../../../nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node';
import { DeliverabilityAlertTrigger } from '../../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';
import { isIdPicker } from '../../../nodes/Deliverability/params/locator';
import { RESOURCES } from '../../../nodes/Deliverability/resources';
import codex from '../../../nodes/Deliverability/Deliverability.node.json';
import triggerCodex from '../../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node.json';
import released from '../fixtures/interface.json';
import { interfaceOf, type InterfaceEntry } from '../../../support/interface';
import { schemaRoot, versionDirs } from '../../../support/output-schemas';
import { RELEASED_OPERATIONS } from '../fixtures/operations';

const node = new Deliverability();
const description = node.description;
const properties = description.properties;

/**
 * Field and query names the service knows: every name in the spec's field tables and request shapes
 * (docs/spec/deliverability-api.md), and every name the sandbox reads (`b.int('past_days')`, its routes' field
 * lists) or names in sandbox/BEHAVIOUR.md (a query it accepts and ignores), which follow the service's documentation
 * where the spec says "not shown". Derived, so a new option named after the API needs no list of ours; a name none
 * of them knows is a typo or a field of our own.
 */
const API_NAMES = new Set([...namesInSpec(), ...namesTheSandboxReads()]);

function namesInSpec(): string[] {
	const spec = fs.readFileSync(
		path.resolve(__dirname, '../../../docs/spec/deliverability-api.md'),
		'utf8',
	);
	return [
		...[...spec.matchAll(/^\|\s*([a-z][a-z0-9_]*)\s*\|/gm)].map((m) => m[1]),
		...[...spec.matchAll(/[`{,]\s*([a-z][a-z0-9_]*)\??\s*(?=[:,}`])/g)].map((m) => m[1]),
	];
}

function namesTheSandboxReads(): string[] {
	const dir = path.resolve(__dirname, '../../../sandbox/routes');
	const behaviour = fs.readFileSync(path.resolve(dir, '../BEHAVIOUR.md'), 'utf8');
	const documented = [...behaviour.matchAll(/`([a-z][a-z0-9_]*)`/g)].map((m) => m[1]);
	return documented.concat(
		...fs.readdirSync(dir).map((file) => {
			const source = fs.readFileSync(path.join(dir, file), 'utf8');
			return [
				...[...source.matchAll(/\b[bq]\.[a-zA-Z]+\('([a-z][a-z0-9_]*)'/g)].map((m) => m[1]),
				...[...source.matchAll(/^\t'([a-z][a-z0-9_]*)',$/gm)].map((m) => m[1]),
			];
		}),
	);
}

/**
 * Node-side options allowed in an `options` collection (not sent to the service): waiting, the verdict thresholds of
 * Simplify, and what else the node reads (the mailboxes' domains of Domain → Get Many).
 */
const NODE_OPTIONS = new Set([
	'includeUnscored',
	'waitForCompletion',
	'pollInterval',
	'timeoutMinutes',
	'onTimeout',
	'passAt',
	'warnAt',
	'expiryWarnDays',
	'passAtInbox',
	'warnAtInbox',
	'dropAtPoints',
	'improveAtPoints',
	'confidence',
	'minEarlierTests',
	'minMessages',
]);

const COLLECTIONS = ['filters', 'updateFields', 'additionalFields', 'options'];

/**
 * Whether a parameter's display conditions name this resource (and this operation, when given): a parameter without
 * conditions belongs to none.
 */
function belongsTo(p: INodeProperties, resource: string, operation?: string): boolean {
	const show = p.displayOptions?.show;
	if (!show) return false;
	const resources = show.resource as string[] | undefined;
	if (!resources?.includes(resource)) return false;
	if (operation === undefined) return true;
	const operations = show.operation as string[] | undefined;
	return operations === undefined || operations.includes(operation);
}

function operationPicker(resource: string): INodeProperties | undefined {
	return properties.find((p) => p.name === 'operation' && belongsTo(p, resource));
}

function sortedNames(options: Array<{ name: string }>): string[] {
	return options.map((o) => o.name).sort((a, b) => a.localeCompare(b));
}

/** Every property, including those nested in collections and fixed collections. */
function allProperties(list: INodeProperties[]): INodeProperties[] {
	const out: INodeProperties[] = [];
	for (const p of list) {
		out.push(p);
		if (p.type === 'collection' && p.options)
			out.push(...allProperties(p.options as INodeProperties[]));
		if (p.type === 'fixedCollection' && p.options) {
			for (const group of p.options as INodePropertyCollection[])
				out.push(...allProperties(group.values));
		}
	}
	return out;
}

const wiredResources = RESOURCES.map((r) => r.option.value as string);

describe('node description', () => {
	it('keeps every released parameter: name, type, display name, default, option names and values, where it shows', () => {
		const now = new Map(interfaceOf(properties).map((e) => [e.key, e]));
		const changed = (released as InterfaceEntry[]).filter(
			(e) => JSON.stringify(now.get(e.key)) !== JSON.stringify(e),
		);
		const diff = changed.map((e) => ({
			key: e.key,
			released: e,
			now: now.get(e.key) ?? 'missing',
		}));
		// fixtures/interface.json is the released interface. A new operation adds to its resource's
		// Operation picker: `npm run generate` records it (say so in the commit). Renaming or removing
		// a released value or parameter breaks saved workflows: add a node version instead.
		expect(diff).toEqual([]);
	});

	it('has every parameter in the released interface (`npm run generate` records a new one)', () => {
		const known = new Set((released as InterfaceEntry[]).map((e) => e.key));
		// A new parameter: `npm run generate` appends it to fixtures/interface.json (say so in the commit).
		expect(interfaceOf(properties).filter((e) => !known.has(e.key))).toEqual([]);
	});

	it('is a usable-as-tool action node named deliverability with main input and output(s)', () => {
		expect(description.name).toBe('deliverability');
		expect(description.displayName).toBe('Deliverability');
		expect(description.usableAsTool).toBe(true);
		expect(description.subtitle).toBeTruthy();
		expect(description.icon).toEqual(
			expect.objectContaining({ light: expect.any(String), dark: expect.any(String) }),
		);
		expect(description.inputs).toEqual(['main']);
		// One main output, or "Completed" / "Not Yet" for the operations that wait (behaviour/completed-or-not-yet.test.ts).
		expect(description.outputs).toMatch(/^=\{\{.*\["main"\] \}\}$/);
	});

	it.each([
		['Deliverability', codex],
		['Deliverability Alert Trigger', triggerCodex],
	])(
		'%s: documentation links survive the tracking query n8n appends (no #fragment, no query of their own)',
		(_node, file) => {
			const links = [
				...file.resources.primaryDocumentation,
				...file.resources.credentialDocumentation,
			].map((r) => r.url);
			for (const link of links) {
				// What the node panel's Docs link opens (n8n 2.41 NodeSettings: `${url}?${utm}`).
				const opened = new URL(
					`${link}?${new URLSearchParams({ utm_source: 'n8n_app', utm_medium: 'node_settings_modal-credential_link' }).toString()}`,
				);
				expect({
					link,
					hash: opened.hash,
					utm: opened.searchParams.get('utm_source'),
					host: opened.hostname,
				}).toEqual({
					link,
					hash: '',
					utm: 'n8n_app',
					host: 'github.com',
				});
			}
		},
	);

	it('has a codex file naming this node, with categories, search aliases and documentation', () => {
		expect(codex.node).toBe(`n8n-nodes-deliverability.${description.name}`);
		expect(codex.categories.length).toBeGreaterThan(0);
		expect(codex.alias).toEqual(expect.arrayContaining(['spam test', 'inbox placement']));
		expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\//);
	});

	it('offers every released resource, sorted by name', () => {
		const resource = properties.find((p) => p.name === 'resource')!;
		const options = resource.options as INodePropertyOptions[];
		expect(options.map((o) => o.value).sort()).toEqual(Object.keys(RELEASED_OPERATIONS).sort());
		expect(options.map((o) => o.name)).toEqual(sortedNames(options));
	});

	describe.each(Object.entries(RELEASED_OPERATIONS))('resource %s', (resource, operations) => {
		it('has exactly the fixed operation values, sorted by name, each with action and description', () => {
			const picker = operationPicker(resource);
			expect(picker).toBeDefined();
			const options = picker!.options as INodePropertyOptions[];
			// A new operation file in resources/<resource>/: `npm run generate` records its value in
			// fixtures/interface.json, from which these tests read the released operations.
			expect(options.map((o) => o.value).sort()).toEqual([...operations].sort());
			expect(options.map((o) => o.name)).toEqual(sortedNames(options));
			for (const o of options) {
				expect(o.action).toEqual(expect.any(String));
				expect(o.description).toEqual(expect.any(String));
			}
			expect(operations).toContain(picker!.default);
		});

		it('has a handler for every operation', () => {
			const module = RESOURCES.find((r) => r.option.value === resource);
			expect(module).toBeDefined();
			// An operation of the interface record without its file and index line (or the reverse: run
			// `npm run generate` after adding one).
			expect(Object.keys(module!.operations).sort()).toEqual([...operations].sort());
		});
	});

	it('sorts every options and multiOptions list by name', () => {
		for (const p of allProperties(properties)) {
			if ((p.type === 'options' || p.type === 'multiOptions') && Array.isArray(p.options)) {
				const options = p.options as INodePropertyOptions[];
				expect({ parameter: p.name, names: options.map((o) => o.name) }).toEqual({
					parameter: p.name,
					names: sortedNames(options),
				});
			}
		}
	});

	// Pickers are built from lists (params/choices.ts), which n8n's literal lint rules cannot read: the same rules,
	// checked here on what the editor gets, for all three nodes.
	it.each([
		['Deliverability', properties],
		['Deliverability Alert Trigger', new DeliverabilityAlertTrigger().description.properties],
		[
			'Deliverability Notification Trigger',
			new DeliverabilityNotificationTrigger().description.properties,
		],
	])(
		'%s: every picker is sorted by name, repeats no name or value, starts at one of its values and describes an option only with more than its name',
		(_node, list) => {
			const problems: string[] = [];
			for (const p of allProperties(list)) {
				if ((p.type !== 'options' && p.type !== 'multiOptions') || !Array.isArray(p.options))
					continue;
				const options = p.options as INodePropertyOptions[];
				const names = options.map((o) => o.name);
				const values = options.map((o) => o.value);
				const at = `${p.displayName} (${p.name})`;
				if (JSON.stringify(names) !== JSON.stringify(sortedNames(options)))
					problems.push(`${at}: not sorted by name`);
				if (new Set(names).size !== names.length) problems.push(`${at}: a name twice`);
				if (new Set(values).size !== values.length) problems.push(`${at}: a value twice`);
				const starts = p.type === 'options' ? [p.default] : (p.default as unknown[]);
				for (const value of starts)
					if (!values.includes(value as string))
						problems.push(`${at}: default ${JSON.stringify(value)} is not a value`);
				for (const o of options)
					if (o.description?.trim().toLowerCase() === o.name.toLowerCase())
						problems.push(`${at}: "${o.name}" describes itself`);
			}
			expect(problems).toEqual([]);
		},
	);

	it('sorts every collection by display name', () => {
		for (const p of allProperties(properties)) {
			if (p.type !== 'collection') continue;
			const names = (p.options as INodeProperties[]).map((o) => o.displayName);
			expect({ collection: p.name, names }).toEqual({
				collection: p.name,
				names: [...names].sort((a, b) => a.localeCompare(b)),
			});
		}
	});

	it('uses the standard Return All / Limit wording on every list', () => {
		const returnAlls = properties.filter((p) => p.name === 'returnAll');
		const limits = properties.filter((p) => p.name === 'limit');
		expect(returnAlls.length).toBeGreaterThanOrEqual(
			wiredResources.filter((r) => RELEASED_OPERATIONS[r]?.includes('getAll')).length,
		);
		for (const p of returnAlls) {
			expect(p.type).toBe('boolean');
			expect(p.default).toBe(false);
			expect(p.displayName).toBe('Return All');
			expect(p.description).toBe('Whether to return all results or only up to a given limit');
		}
		for (const p of limits) {
			expect(p.type).toBe('number');
			expect(p.displayName).toBe('Limit');
			expect(p.default).toBe(50);
			expect(p.typeOptions?.minValue).toBe(1);
			expect(p.description).toBe('Max number of results to return');
			expect(p.displayOptions?.show?.returnAll).toEqual([false]);
		}
		for (const resource of wiredResources) {
			if (!RELEASED_OPERATIONS[resource]?.includes('getAll')) continue;
			expect(returnAlls.some((p) => belongsTo(p, resource, 'getAll'))).toBe(true);
			expect(limits.some((p) => belongsTo(p, resource, 'getAll'))).toBe(true);
		}
	});

	it('keeps optional inputs in the four standard collections, each option named like the API field', () => {
		for (const p of properties) {
			if (p.type !== 'collection') continue;
			expect(COLLECTIONS).toContain(p.name);
			for (const option of p.options as INodeProperties[]) {
				const allowed =
					API_NAMES.has(option.name) || (p.name === 'options' && NODE_OPTIONS.has(option.name));
				// Name it as the API names its field (snake_case, as the spec and sandbox/BEHAVIOUR.md do);
				// an option the node reads itself and never sends goes under Options and in NODE_OPTIONS.
				expect({ collection: p.name, option: option.name, allowed }).toEqual({
					collection: p.name,
					option: option.name,
					allowed: true,
				});
			}
		}
	});

	it('places every id as one of the declared pickers (params/locator.ts), required, with an ID mode', () => {
		const locators = properties.filter((p) => p.type === 'resourceLocator');
		expect(locators.length).toBeGreaterThan(0);
		for (const p of locators) {
			expect({ parameter: p.name, picker: isIdPicker(p.name) }).toEqual({
				parameter: p.name,
				picker: true,
			});
			expect(p.required).toBe(true);
			expect(p.modes?.some((m) => m.name === 'id')).toBe(true);
			if (p.name !== 'taskId') {
				const list = p.modes?.find((m) => m.name === 'list');
				expect(list?.typeOptions?.searchListMethod).toEqual(expect.any(String));
				expect(Object.keys(node.methods?.listSearch ?? {})).toContain(
					list?.typeOptions?.searchListMethod,
				);
			}
		}
	});

	it.each([
		['spamTest', 'get'],
		['account', 'batch'],
		['task', 'get'],
	])(
		'%s → %s: Wait for Completion is one top-level switch with its settings right under it, shown only while on',
		(resource, operation) => {
			const shown = properties.filter((p) => belongsTo(p, resource, operation));
			const at = shown.findIndex((p) => p.name === 'waitForCompletion');
			expect(shown[at]).toMatchObject({ type: 'boolean', default: false });
			expect(shown[at].displayOptions?.show?.waitForCompletion).toBeUndefined();
			const settings = shown.slice(at + 1, at + 4);
			expect(settings.map((p) => p.name)).toEqual(['pollInterval', 'timeoutMinutes', 'onTimeout']);
			for (const p of settings) expect(p.displayOptions?.show?.waitForCompletion).toEqual([true]);
			// Short by default, with a notice of what it holds shown while it is on.
			expect(settings[1].default).toBeLessThanOrEqual(5);
			const notice = shown.find((p) => p.name === 'waitHoldsNotice');
			expect(notice?.displayOptions?.show?.waitForCompletion).toEqual([true]);
			// No Options collection holds wait settings any more.
			const options = shown.find((p) => p.name === 'options');
			expect(
				(options?.options as INodeProperties[] | undefined)?.some(
					(o) => o.name === 'waitForCompletion',
				) ?? false,
			).toBe(false);
			// A notice that says to turn the switch on is shown only while it is off.
			for (const notice of shown.filter(
				(p) => p.type === 'notice' && /turn on "Wait for Completion"/i.test(p.displayName),
			)) {
				expect(notice.displayOptions?.show?.waitForCompletion).toEqual([false]);
			}
		},
	);

	it('Mailbox → Batch tells how to follow the task only while Wait for Completion is off', () => {
		const notices = properties.filter(
			(p) =>
				p.type === 'notice' && belongsTo(p, 'account', 'batch') && /Task → Get/.test(p.displayName),
		);
		expect(notices).toHaveLength(1);
		expect(notices[0].displayOptions?.show?.waitForCompletion).toEqual([false]);
	});

	it('explains the seedlist numbers where a seedlist is chosen (0 only where it is allowed)', () => {
		const seedlists = allProperties(properties).filter((p) => p.name === 'seedlist');
		expect(seedlists.length).toBeGreaterThanOrEqual(3);
		for (const p of seedlists) {
			expect(p.hint).toMatch(/^1 to 4: one of the service's four seed lists/);
			// Only the automated test's seedlist takes 0 (its description says 0 to 4).
			expect(/0: no particular list/.test(p.hint ?? '')).toBe(
				/\(0 to 4\)/.test(p.description ?? ''),
			);
		}
	});

	it('bounds no number input (the editor would cut a typed 24 to 2 under a maximum of 23): each range is stated on screen instead', () => {
		const triggers = [
			new DeliverabilityAlertTrigger(),
			new DeliverabilityNotificationTrigger(),
		].flatMap((t) => t.description.properties);
		const numbers = allProperties([...properties, ...triggers]).filter((p) => p.type === 'number');
		expect(numbers.length).toBeGreaterThan(15);
		for (const p of numbers) {
			// Limit keeps n8n's required minValue of 1 (its lint rule); nothing else is bounded in the editor.
			const bounds = {
				max: p.typeOptions?.maxValue,
				min: p.name === 'limit' ? undefined : p.typeOptions?.minValue,
			};
			expect({ name: p.name, ...bounds }).toEqual({ name: p.name, max: undefined, min: undefined });
		}
		const ranged = [
			'hour',
			'past_days',
			'max_score',
			'config_rampup_target',
			'imapServerPort',
			'pollInterval',
			'passAtInbox',
			'passAt',
			'dedupeWindow',
		];
		for (const name of ranged) {
			for (const p of numbers.filter((n) => n.name === name))
				expect(`${p.description} ${p.hint ?? ''}`).toMatch(/\d+ (to|or more)|at most \d+/);
		}
		// Shown under the field before any run (a description is only a tooltip): Hour's range, and what Max Score's
		// 101 means, so "0 to 101" does not read like a typo for a 0–100 score.
		const hintOf = (name: string) => numbers.find((n) => n.name === name)?.hint;
		expect(hintOf('hour')).toMatch(/^0 to 23: the hour of the day/);
		expect(hintOf('max_score')).toBe(
			'Scores run 0–100; only mailboxes scoring below this are listed (0 to 101; 101: all)',
		);
	});

	it('offers Time Zone as a searchable list of IANA zones (or a name) and Mailbox as a picker in the update fields', () => {
		for (const [resource, operation] of [
			['automatedTest', 'update'],
			['account', 'update'],
		]) {
			const fields = properties.find(
				(p) => p.name === 'updateFields' && belongsTo(p, resource, operation),
			)!;
			const zone = (fields.options as INodeProperties[]).find((o) => o.name === 'time_zone')!;
			expect(zone.type).toBe('resourceLocator');
			expect(zone.modes?.map((m) => [m.name, m.typeOptions?.searchListMethod])).toEqual([
				['list', 'searchTimeZones'],
				['id', undefined],
			]);
		}
		const fields = properties.find(
			(p) => p.name === 'updateFields' && belongsTo(p, 'automatedTest', 'update'),
		)!;
		const account = (fields.options as INodeProperties[]).find((o) => o.name === 'account_id')!;
		expect(account).toMatchObject({ displayName: 'Mailbox', type: 'resourceLocator' });
		expect(account.modes?.[0].typeOptions?.searchListMethod).toBe('searchAccounts');
		expect(Object.keys(node.methods?.listSearch ?? {})).toEqual(
			expect.arrayContaining(['searchTimeZones', 'searchAccounts']),
		);
	});

	it('turns Simplify on by default wherever it is offered', () => {
		const switches = properties.filter((p) => p.name === 'simplify');
		expect(switches.length).toBeGreaterThanOrEqual(3);
		expect(switches.map((p) => p.default)).toEqual(switches.map(() => true));
	});

	it('keeps on updates what the service would reset: Active, Time Zone, Audience Type and Events are optional and say they are kept', () => {
		const expectations: Array<[string, string, string]> = [
			['automatedTest', 'update', 'active'],
			['automatedTest', 'update', 'time_zone'],
			['spamTest', 'update', 'type'],
			['alert', 'update', 'active'],
			['alert', 'update', 'events'],
		];
		for (const [resource, operation, name] of expectations) {
			expect(properties.some((p) => p.name === name && belongsTo(p, resource, operation))).toBe(
				false,
			);
			const fields = properties.find(
				(p) => p.name === 'updateFields' && belongsTo(p, resource, operation),
			)!;
			const field = (fields.options as INodeProperties[]).find((o) => o.name === name);
			expect({ resource, name, description: field?.description }).toEqual({
				resource,
				name,
				description: expect.stringMatching(
					/When not added, the (test|alert) keeps its current|the current events are kept/,
				),
			});
		}
	});

	it('names in a notice only output fields its operation returns (Spam Test → Create: seed_emails, public_full_id)', () => {
		const [[, version]] = versionDirs(description);
		const named: string[] = [];
		for (const p of properties) {
			if (p.type !== 'notice') continue;
			const [resource, ...moreResources] = (p.displayOptions?.show?.resource as string[]) ?? [];
			const [operation, ...moreOperations] = (p.displayOptions?.show?.operation as string[]) ?? [];
			if (!resource || !operation || moreResources.length || moreOperations.length) continue;
			const fields = [...p.displayName.matchAll(/<code>(\w+)<\/code>|\$json\.(\w+)/g)].map(
				(m) => m[1] ?? m[2],
			);
			if (!fields.length) continue;
			const schema = JSON.parse(
				fs.readFileSync(path.join(schemaRoot, version, resource, `${operation}.json`), 'utf8'),
			) as { properties?: Record<string, unknown> };
			for (const field of fields) {
				named.push(`${resource}.${operation}: ${field}`);
				expect({
					resource,
					operation,
					field,
					returned: field in (schema.properties ?? {}),
				}).toEqual({ resource, operation, field, returned: true });
			}
		}
		expect(named).toEqual(
			expect.arrayContaining(['spamTest.create: seed_emails', 'spamTest.create: public_full_id']),
		);
	});
});
