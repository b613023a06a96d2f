/**
 * What to do when a mailbox's warming placement dropped: the `fixes` of Get Warming Trend. The
 * warming's own counts cannot say why a provider files more of it as spam, so the fix points at
 * what can (the domain's authentication, the sending volume, the provider's published guidelines)
 * and never pauses or changes anything itself.
 */
import type { IDataObject } from 'n8n-workflow';

import { GUIDELINES } from '../../spamTest/shared/fixes';
import { warmingProviderName, type WarmingProvider } from './warmingProviders';

/** The fix of a warming drop, naming the providers whose own counts carry it (maybe none). */
export function warmingDropFix(providers: WarmingProvider[]): IDataObject {
	const where = providers.length ? ` at ${providers.map(warmingProviderName).join(', ')}` : '';
	const guides = (providers.length ? providers : (['gmail', 'outlook'] as const)).map((p) =>
		p === 'others' ? GUIDELINES.other : GUIDELINES[p],
	);
	return {
		problem: `Warming placement dropped${where}`,
		severity: 'high',
		fix: `Check the domain's SPF, DKIM and DMARC (Domain → Get Many gives each problem with its fix) and its blacklists, keep warming on, and do not raise the mailbox's sending volume until the share recovers; ${guides.join(', ')} say what is required. Run a spam test to see where campaign mail lands now.`,
		key: 'warming_drop',
	};
}
