/**
 * The trigger's public interface and its pure helpers: n8n's trigger conventions (name, inputs, no usableAsTool,
 * one POST webhook answered by the node itself), the parameters of issue 5, the secret, the query parsing and the
 * bounded event memory.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { DeliverabilityTrigger } from '../../nodes/DeliverabilityTrigger/DeliverabilityTrigger.node';
import { fingerprint, forget, remember, seen, windowSize } from '../../nodes/DeliverabilityTrigger/dedupe';
import { hookUrlWithSecret, matches, queryParam, withoutQuery } from '../../nodes/DeliverabilityTrigger/lifecycle';
import { newSecret, secretsEqual } from '../../nodes/DeliverabilityTrigger/secret';
import { EVENTS } from '../../nodes/shared/events';
import { triggerHarness } from '../harness';

const node = new DeliverabilityTrigger();
const { description } = node;
const property = (name: string): INodeProperties => {
	const found = description.properties.find((p) => p.name === name);
	if (!found) throw new Error(`no parameter ${name}`);
	return found;
};

describe('trigger description', () => {
	it('follows n8n trigger conventions', () => {
		expect(description.name).toBe('deliverabilityTrigger');
		expect(description.displayName).toBe('Deliverability Trigger');
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

	it('has one POST webhook answered by the node (never firstEntryJson)', () => {
		expect(description.webhooks).toHaveLength(1);
		const [webhook] = description.webhooks!;
		expect(webhook).toMatchObject({ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'deliverability' });
		expect(Object.keys(node.webhookMethods.default).sort()).toEqual(['checkExists', 'create', 'delete']);
	});

	it('offers every event of the catalogue, ACCOUNT_DISCONNECTED by default, plus custom ids', () => {
		const events = property('events');
		expect(events.type).toBe('multiOptions');
		expect(events.default).toEqual(['ACCOUNT_DISCONNECTED']);
		const values = (events.options as Array<{ value: string }>).map((o) => o.value).sort();
		expect(values).toEqual(EVENTS.map((e) => e.id).sort());
		expect(property('customEvents').type).toBe('string');
	});

	it('has the options automated_test_ids and dedupeWindow, sorted by display name', () => {
		const options = property('options');
		expect(options.type).toBe('collection');
		const entries = options.options as INodeProperties[];
		expect(entries.map((o) => o.name)).toEqual(['automated_test_ids', 'dedupeWindow']);
		const names = entries.map((o) => o.displayName);
		expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
		expect(entries.find((o) => o.name === 'dedupeWindow')!.default).toBe(1000);
		expect((options.options as Array<INodeProperties | INodePropertyCollection>).length).toBe(2);
	});

	it('has a subtitle n8n can evaluate', () => {
		const h = triggerHarness({
			nodeType: node,
			parameters: { events: ['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED'] },
			credentials: { deliverabilityApi: { apiKey: 'dummy-key', baseUrl: 'http://127.0.0.1:1/api/v1', headerForm: 'bearer' } },
		});
		const value = h.workflow.expression.getSimpleParameterValue(h.node, description.subtitle!, 'internal', {}, undefined, '');
		expect(value).toBe('On ACCOUNT_DISCONNECTED, SPAMCHECK_COMPLETED');
	});

	it('tells the user that the service expects HTTPS', () => {
		const notice = description.properties.find((p) => p.type === 'notice');
		expect(notice?.displayName).toMatch(/HTTPS/);
	});

	it('has a codex beside it naming the trigger', () => {
		const codex = JSON.parse(
			fs.readFileSync(path.join(__dirname, '../../nodes/DeliverabilityTrigger/DeliverabilityTrigger.node.json'), 'utf8'),
		) as IDataObject;
		expect(codex.node).toBe('n8n-nodes-deliverability.deliverabilityTrigger');
	});
});

describe('secret', () => {
	it('is 48 hex characters and different every time', () => {
		const a = newSecret();
		expect(a).toMatch(/^[0-9a-f]{48}$/);
		expect(newSecret()).not.toBe(a);
	});

	it('compares equal only for the same text, and never for a missing expected secret', () => {
		const s = newSecret();
		expect(secretsEqual(s, s)).toBe(true);
		expect(secretsEqual(`${s}x`, s)).toBe(false);
		expect(secretsEqual(s.slice(1), s)).toBe(false);
		expect(secretsEqual(undefined, s)).toBe(false);
		expect(secretsEqual(['a'], s)).toBe(false);
		expect(secretsEqual('', '')).toBe(false);
		expect(secretsEqual('x', undefined)).toBe(false);
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
		const wanted = { hookUrl: base, events: ['ACCOUNT_DISCONNECTED', 'SPAMCHECK_COMPLETED'], automatedTestIds: [3] };
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
		expect(matches({ ...alert, automated_test_ids: null }, { ...wanted, automatedTestIds: [] })).toBe(true);
	});
});

describe('event memory', () => {
	it('remembers the newest ids only, up to the window', () => {
		const data: IDataObject = {};
		for (let i = 0; i < 1005; i++) remember(data, `evt_${i}`, 1000);
		expect((data.recentEventIds as string[]).length).toBe(1000);
		expect(seen(data, 'evt_4')).toBe(false);
		expect(seen(data, 'evt_5')).toBe(true);
		expect(seen(data, 'evt_1004')).toBe(true);
		remember(data, 'evt_5', 1000);
		expect((data.recentEventIds as string[]).at(-1)).toBe('evt_5');
		expect((data.recentEventIds as string[]).length).toBe(1000);
		forget(data);
		expect(data.recentEventIds).toBeUndefined();
	});

	it('keeps nothing with a window of 0, and bounds the window option', () => {
		const data: IDataObject = {};
		remember(data, 'a', 0);
		expect(seen(data, 'a')).toBe(false);
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
