/**
 * The events' names as a user meets them: the Events picker of both triggers and the trigger's actions in n8n's
 * node creator. n8n names a trigger's action after its event option's `action`, or else "On " + the name lower-cased
 * word by word, which split brand names ("On send grid missing emails"). SPAMCHECK_COMPLETED fires for on-demand spam
 * tests too, so it is not called "Automated …". The option values are what saved workflows hold and stay as they were.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { DeliverabilityNotificationTrigger } from '../../nodes/DeliverabilityNotificationTrigger/DeliverabilityNotificationTrigger.node';
import { DeliverabilityAlertTrigger } from '../../nodes/DeliverabilityAlertTrigger/DeliverabilityAlertTrigger.node';

const eventOptions = (properties: INodeProperties[]) =>
	properties.find((p) => p.name === 'events')!.options as INodePropertyOptions[];

describe.each([
	['Deliverability Alert Trigger', new DeliverabilityAlertTrigger().description.properties],
	[
		'Deliverability Notification Trigger',
		new DeliverabilityNotificationTrigger().description.properties,
	],
])('%s: event names', (_node, properties) => {
	const options = eventOptions(properties);

	it('every event is an action named "On …" in the node creator, brands kept as brands', () => {
		expect(Object.fromEntries(options.map((o) => [o.value, o.action]))).toEqual({
			ACCOUNT_BACK_TO_NORMAL_WARMING: 'On mailbox back to normal warming',
			ACCOUNT_DISCONNECTED: 'On mailbox disconnected',
			DOMAIN_EXPIRING_SOON: 'On domain expiring soon',
			MISSING_INBOUND_EMAILS: 'On missing inbound emails',
			NEW_WARMING_MODE_PROPOSED: 'On new warming mode proposed',
			OUTLOOK_MISSING_OUTGOING_EMAILS: 'On Outlook missing outgoing emails',
			REPUTATION_SCORE_DECREASE: 'On reputation score decrease',
			REPUTATION_SCORE_INCREASE: 'On reputation score increase',
			SENDGRID_MISSING_EMAILS: 'On SendGrid missing emails',
			SPAMCHECK_COMPLETED: 'On spam test completed',
			TOO_MANY_MESSAGES_SENT: 'On too many messages sent',
		});
	});

	it('a spam test completion is not called automated: it fires for on-demand tests too', () => {
		const completed = options.find((o) => o.value === 'SPAMCHECK_COMPLETED')!;
		expect(completed.name).toBe('Spam Test Completed');
		expect(completed.description).toMatch(/automated \(scheduled\) or on-demand/);
		expect(options.filter((o) => /automated/i.test(o.name))).toEqual([]);
	});
});
