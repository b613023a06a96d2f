/**
 * The trigger's public interface and its pure helpers: n8n's trigger conventions (name, inputs, no usableAsTool,
 * one POST webhook answered by the node itself), its parameters, the secret, the query parsing and the
 * bounded event memory.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { DeliverabilityNotificationTrigger } from '../../nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node';
import type {
	IDataObject,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
} from 'n8n-workflow';

import { DeliverabilityAlertTrigger } from '../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';
import {
	claim,
	forget,
	memoryScope,
	settle,
	windowSize,
} from '../../nodes/DeliverabilityAlertTrigger/dedupe';
import { fingerprint } from '../../nodes/DeliverabilityAlertTrigger/fingerprint';
import {
	hookUrlWithSecret,
	queryParam,
	withoutQuery,
} from '../../nodes/DeliverabilityAlertTrigger/hookUrl';
import { persist, savedIds, savePolicy } from '../../nodes/DeliverabilityAlertTrigger/savedMemory';
import { newSecret, storeVerifier, verify } from '../../nodes/DeliverabilityAlertTrigger/secret';
import { matches } from '../../nodes/DeliverabilityAlertTrigger/wanted';
import { EVENTS } from '../../nodes/shared/events';
import { triggerHarness } from '../../support/trigger-harness';

type Scope = NonNullable<ReturnType<typeof memoryScope>>;

const node = new DeliverabilityAlertTrigger();
const { description } = node;
const property = (name: string): INodeProperties => {
	const found = description.properties.find((p) => p.name === name);
	if (!found) throw new Error(`no parameter ${name}`);
	return found;
};

/** A trigger's subtitle expression as n8n's editor evaluates it for a node with these events chosen. */
function evaluatedSubtitle(subtitle: string, events: unknown): unknown {
	const h = triggerHarness({
		nodeType: node,
		parameters: { events } as INodeParameters,
		credentials: {
			deliverabilityApi: {
				apiKey: 'dummy-key',
				baseUrl: 'http://127.0.0.1:1/api/v1',
				headerForm: 'bearer',
			},
		},
	});
	return h.workflow.expression.getSimpleParameterValue(
		h.node,
		subtitle,
		'internal',
		{},
		undefined,
		'',
	);
}

describe('trigger description', () => {
	it('has no version 1, which n8n would treat as its legacy Webhook node (an expression per delivery)', () => {
		// webhook-helpers.js parseRequestBody evaluates `$parameter.options.binaryData` for every start
		// node of type version 1; test/e2e/auto-pause.e2e.test.ts proves the cost in a real n8n.
		expect([description.version].flat()).not.toContain(1);
	});

	it('follows n8n trigger conventions', () => {
		expect(description.name).toBe('deliverabilityAlertTrigger');
		expect(description.displayName).toBe('Deliverability Alert Trigger');
		expect(node.constructor.name).toMatch(/Trigger$/);
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.outputs).toEqual(['main']);
		expect(description.usableAsTool).toBeUndefined();
		expect(description.subtitle).toEqual(expect.any(String));
		expect(description.icon).toEqual({
			light: 'file:../../icons/deliverability.svg',
			dark: 'file:../../icons/deliverability.dark.svg',
		});
		expect(description.credentials).toEqual([{ name: 'deliverabilityApi', required: true }]);
	});

	it("has one POST webhook whose n8n answer is the node's body (never firstEntryJson)", () => {
		expect(description.webhooks).toHaveLength(1);
		const [webhook] = description.webhooks!;
		expect(webhook).toMatchObject({
			name: 'default',
			httpMethod: 'POST',
			responseMode: 'onReceived',
			// Empty (not unset): n8n then answers with the webhookResponse webhook() returns.
			responseData: '',
			path: 'deliverability',
		});
		expect(Object.keys(node.webhookMethods.default).sort()).toEqual([
			'checkExists',
			'create',
			'delete',
		]);
	});

	it('offers every event of the catalogue by its clean name, ACCOUNT_DISCONNECTED by default, plus custom ids', () => {
		const events = property('events');
		expect(events.type).toBe('multiOptions');
		expect(events.noDataExpression).toBeFalsy();
		expect(events.default).toEqual(['ACCOUNT_DISCONNECTED']);
		const options = events.options as Array<{ name: string; value: string; description: string }>;
		expect(options.map((o) => o.value).sort()).toEqual(EVENTS.map((e) => e.id).sort());
		// Names as n8n's own triggers show events ("Mailbox Disconnected"); the caveat lives in the description only.
		for (const o of options) {
			const event = EVENTS.find((e) => e.id === o.value)!;
			expect(o.name).toBe(event.label);
			expect(o.name).toMatch(/^[A-Z][A-Za-z]*( [A-Za-z]+)*$/);
			expect(o.description).toContain(event.id);
			expect(/Unverified identifier/.test(o.description)).toBe(!event.verified);
		}
		expect(options.find((o) => o.value === 'SENDGRID_MISSING_EMAILS')!.name).toBe(
			'SendGrid Missing Emails',
		);
		expect(property('customEvents').type).toBe('string');
	});

	it('has the options automated_test_ids and dedupeWindow, sorted by display name', () => {
		const options = property('options');
		expect(options.type).toBe('collection');
		const entries = options.options as INodeProperties[];
		expect(entries.map((o) => o.name)).toEqual(['automated_test_ids', 'dedupeWindow']);
		const tests = entries.find((o) => o.name === 'automated_test_ids')!;
		expect(tests).toMatchObject({
			displayName: 'Automated Test Names or IDs',
			type: 'multiOptions',
			default: [],
		});
		expect(tests.typeOptions?.loadOptionsMethod).toBe('getAutomatedTests');
		expect(Object.keys(node.methods.loadOptions)).toEqual(['getAutomatedTests']);
		const names = entries.map((o) => o.displayName);
		expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
		expect(entries.find((o) => o.name === 'dedupeWindow')!.default).toBe(1000);
		expect((options.options as Array<INodeProperties | INodePropertyCollection>).length).toBe(2);
	});

	it('has a subtitle n8n can evaluate, naming the events as the panel does', () => {
		const subtitle = (events: unknown) => evaluatedSubtitle(description.subtitle!, events);
		expect(subtitle(['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED'])).toBe(
			'On Mailbox Disconnected, Spam Test Completed',
		);
		expect(subtitle(['OUTLOOK_MISSING_OUTGOING_EMAILS', 'MY_OWN'])).toBe(
			'On Outlook Missing Outgoing Emails, MY_OWN',
		);
		expect(subtitle([])).toBe('On ');
	});

	it("the notification trigger's subtitle names its events in words too, or says any notification", () => {
		const polling = new DeliverabilityNotificationTrigger();
		const subtitle = (events: unknown) => evaluatedSubtitle(polling.description.subtitle!, events);
		expect(subtitle(['ACCOUNT_DISCONNECTED', 'DOMAIN_EXPIRING_SOON'])).toMatch(
			/^On Mailbox Disconnected, Domain Expir/,
		);
		expect(subtitle([])).toBe('On any notification');
	});

	it('shows no HTTPS notice in the panel (activation says so only for a URL the service will not call)', () => {
		expect(description.properties.filter((p) => p.type === 'notice')).toEqual([]);
	});

	it('has a codex beside it naming the trigger', () => {
		const codex = JSON.parse(
			fs.readFileSync(
				path.join(
					__dirname,
					'../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node.json',
				),
				'utf8',
			),
		) as IDataObject;
		expect(codex.node).toBe('n8n-nodes-deliverability.deliverabilityAlertTrigger');
	});
});

describe('secret', () => {
	it('is 48 hex characters and different every time', () => {
		const a = newSecret();
		expect(a).toMatch(/^[0-9a-f]{48}$/);
		expect(newSecret()).not.toBe(a);
	});

	it('is kept as a salted hash that verifies only the same text, never for a missing verifier', () => {
		const s = newSecret();
		const data: IDataObject = {};
		storeVerifier(data, s);
		expect(JSON.stringify(data)).not.toContain(s);
		expect(Object.keys(data).sort()).toEqual(['secretHash', 'secretSalt']);
		expect(verify(data, s)).toBe(true);
		expect(verify(data, `${s}x`)).toBe(false);
		expect(verify(data, s.slice(1))).toBe(false);
		expect(verify(data, s.toUpperCase())).toBe(false);
		expect(verify(data, undefined)).toBe(false);
		expect(verify(data, ['a'])).toBe(false);
		expect(verify(data, '')).toBe(false);
		expect(verify({}, s)).toBe(false);
		expect(verify({ secretSalt: data.secretSalt, secretHash: 'not-hex' }, s)).toBe(false);
		// Another registration of the same secret gets another salt, so another hash.
		const again: IDataObject = {};
		storeVerifier(again, s);
		expect(again.secretHash).not.toBe(data.secretHash);
	});

	it('converts a plain secret left by an earlier version into the hash when a delivery carries it', () => {
		const s = newSecret();
		const data: IDataObject = { secret: s };
		expect(verify(data, 'wrong')).toBe(false);
		expect(data.secret).toBe(s);
		expect(verify(data, s)).toBe(true);
		expect(data.secret).toBeUndefined();
		expect(JSON.stringify(data)).not.toContain(s);
		expect(verify(data, s)).toBe(true);
	});
});

describe('hook URL helpers', () => {
	const base = 'https://n8n.example.com/webhook/abc/deliverability';

	it('adds the secret as a query parameter and reads it back', () => {
		const url = hookUrlWithSecret(base, 'f00d');
		expect(url).toBe(`${base}?secret=f00d`);
		expect(queryParam(url, 'secret')).toBe('f00d');
		expect(withoutQuery(url)).toBe(base);
		expect(queryParam(`${base}?a=1&secret=x%20y`, 'secret')).toBe('x y');
		expect(queryParam(`${base}?a=1&secret=50%`, 'secret')).toBe('50%');
		expect(queryParam(base, 'secret')).toBeUndefined();
		expect(queryParam(`${base}?secret=`, 'secret')).toBeUndefined();
	});

	it('matches an alert by URL (secret ignored but required), events and scope as sets, active, webhook channel', () => {
		const wanted = {
			hookUrl: base,
			events: ['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED'],
			automatedTestIds: [3],
		};
		const alert = {
			id: 1,
			channel: 'HOOK_URL',
			hook_url: `${base}?secret=abc`,
			events: ['SPAMCHECK_COMPLETED', 'ACCOUNT_DISCONNECTED'],
			active: true,
			automated_test_ids: [3],
		};
		expect(matches(alert, wanted)).toBe(true);
		expect(matches({ ...alert, channel: 'ALL' }, wanted)).toBe(true);
		expect(matches({ ...alert, channel: 'SLACK' }, wanted)).toBe(false);
		expect(matches({ ...alert, hook_url: base }, wanted)).toBe(false);
		expect(matches({ ...alert, hook_url: `${base}x?secret=abc` }, wanted)).toBe(false);
		expect(matches({ ...alert, events: ['ACCOUNT_DISCONNECTED'] }, wanted)).toBe(false);
		expect(matches({ ...alert, events: [...alert.events, 'X'] }, wanted)).toBe(false);
		expect(matches({ ...alert, automated_test_ids: [] }, wanted)).toBe(false);
		expect(matches({ ...alert, active: false }, wanted)).toBe(false);
		expect(
			matches({ ...alert, automated_test_ids: null }, { ...wanted, automatedTestIds: [] }),
		).toBe(true);
	});
});

describe('event memory', () => {
	const ids = (data: IDataObject, alertId = '7'): string[] => savedIds(data, alertId);

	/** An id accepted and its run started (what n8n's 2xx answer settles). */
	async function started(data: IDataObject, scope: Scope, id: string, size: number) {
		expect(await claim(data, scope, id, size)).toBe('accepted');
		settle(scope, id, true, size);
	}

	it('remembers the newest ids only, up to the window, under the alert it belongs to', async () => {
		const scope = memoryScope('wf-window', 'node', 7)!;
		const data: IDataObject = {};
		for (let i = 0; i < 1005; i++) await started(data, scope, `evt_${i}`, 1000);
		// claim() decides in this process; a save gets the list only through persist().
		expect(data.eventMemory).toBeUndefined();
		await persist(data, scope, 'evt_1004', 1000);
		expect(ids(data)).toHaveLength(1000);
		expect(ids(data)[0]).toBe('evt_5');
		expect(ids(data).at(-1)).toBe('evt_1004');
		expect(data.eventMemory).toMatchObject({ alertId: '7' });
		expect(await claim({}, scope, 'evt_4', 1000)).toBe('accepted');
		expect(await claim({}, scope, 'evt_1004', 1000)).toBe('duplicate');
		expect(ids(data, '8')).toEqual([]);
		forget(data, 'wf-window', 'node');
		expect(data.eventMemory).toBeUndefined();
		// Forgotten in this process too.
		expect(await claim({}, scope, 'evt_1004', 1000)).toBe('accepted');
	});

	it('counts ids found in the loaded copy, for its own alert only', async () => {
		const scope = memoryScope('wf-loaded', 'node', 7)!;
		expect(await claim({ eventMemory: { alertId: '7', ids: ['evt_a'] } }, scope, 'evt_a', 10)).toBe(
			'duplicate',
		);
		const other = memoryScope('wf-loaded', 'node', 8)!;
		expect(await claim({ eventMemory: { alertId: '7', ids: ['evt_b'] } }, other, 'evt_b', 10)).toBe(
			'accepted',
		);
		expect(memoryScope('wf', 'node', undefined)).toBeUndefined();
	});

	it('at most one save per save delay: the first at once, then one carrier that waits; the others write nothing; a failed run is dropped', async () => {
		const scope = memoryScope('wf-carrier', 'node', 7)!;
		const delay = savePolicy.delayMs;
		savePolicy.delayMs = 100;
		try {
			const zero: IDataObject = {};
			const first: IDataObject = {};
			const second: IDataObject = {};
			const third: IDataObject = {};
			await started(zero, scope, 'evt_0', 10);
			await persist(zero, scope, 'evt_0', 10); // the first after a quiet moment: written at once
			expect(ids(zero)).toEqual(['evt_0']);
			expect(await claim(first, scope, 'evt_1', 10)).toBe('accepted');
			const carrying = persist(first, scope, 'evt_1', 10);
			await started(second, scope, 'evt_2', 10);
			await persist(second, scope, 'evt_2', 10); // returns at once: the first request carries the save
			expect(second.eventMemory).toBeUndefined();
			expect(first.eventMemory).toBeUndefined(); // written when the wait ends, not before
			// Accepted, its run not created yet: in the save too (most likely its run is being created).
			expect(await claim(third, scope, 'evt_3', 10)).toBe('accepted');
			await carrying;
			// Its own id too: n8n saves the carrier's static data only once its run was created.
			expect(ids(first)).toEqual(['evt_0', 'evt_2', 'evt_3', 'evt_1']);
			settle(scope, 'evt_1', true, 10);
			settle(scope, 'evt_3', false, 10);
			// evt_3's run failed: a copy still holding it does not teach it back, a repeat starts it.
			expect(await claim(first, scope, 'evt_3', 10)).toBe('accepted');
			settle(scope, 'evt_3', false, 10);
			// The next save, a delay later, holds every started id and not the failed one.
			await new Promise((r) => setTimeout(r, 100));
			const fourth: IDataObject = {};
			expect(await claim(fourth, scope, 'evt_4', 10)).toBe('accepted');
			await persist(fourth, scope, 'evt_4', 10);
			expect(ids(fourth)).toEqual(['evt_0', 'evt_2', 'evt_1', 'evt_4']);
		} finally {
			savePolicy.delayMs = delay;
		}
	});

	it('a carrier whose memory was forgotten meanwhile (deactivated) writes nothing back', async () => {
		const scope = memoryScope('wf-forgotten', 'node', 7)!;
		await started({}, scope, 'evt_0', 10);
		await persist({}, scope, 'evt_0', 10); // a save just now: the next write waits
		const data: IDataObject = {};
		expect(await claim(data, scope, 'evt_1', 10)).toBe('accepted');
		const carrying = persist(data, scope, 'evt_1', 10);
		forget({}, 'wf-forgotten', 'node');
		await carrying;
		expect(data.eventMemory).toBeUndefined();
	});

	it('keeps nothing with a window of 0, and bounds the window option', async () => {
		const scope = memoryScope('wf-zero', 'node', 7)!;
		const data: IDataObject = {};
		expect(await claim(data, scope, 'a', 0)).toBe('accepted');
		expect(await claim(data, scope, 'a', 0)).toBe('accepted');
		expect(data.eventMemory).toBeUndefined();
		expect(windowSize(undefined)).toBe(1000);
		expect(windowSize('abc')).toBe(1000);
		expect(windowSize(-5)).toBe(0);
		expect(windowSize(25.7)).toBe(25);
		expect(windowSize(1e9)).toBe(10000);
	});

	it('fingerprints a payload without id the same whatever the key order', () => {
		const a = fingerprint({ event: 'X', nested: { b: 1, a: [1, 2] } });
		expect(a).toMatch(/^sha256:[0-9a-f]{32}$/);
		expect(fingerprint({ nested: { a: [1, 2], b: 1 }, event: 'X' })).toBe(a);
		expect(fingerprint({ event: 'Y', nested: { b: 1, a: [1, 2] } })).not.toBe(a);
	});
});
