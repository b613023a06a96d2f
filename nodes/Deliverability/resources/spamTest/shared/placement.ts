/**
 * Where a spam test's seed copies landed, per mailbox provider group (gmail, outlook, yahoo, other)
 * and folder group (inbox, categories, spam, other, not received), as the service groups them:
 * the `placement` of the simplified spam test, which the trend and the comparison read too.
 */
import type { IDataObject } from 'n8n-workflow';

export type Provider = 'gmail' | 'outlook' | 'yahoo' | 'other';

/** The provider groups, in the order every output lists them. */
export const PROVIDERS: readonly Provider[] = ['gmail', 'outlook', 'yahoo', 'other'];

/** The mailbox provider group of a seed's `provider`. */
export function providerGroup(provider: unknown): Provider {
	const p = typeof provider === 'string' ? provider.trim().toLowerCase() : '';
	if (p === 'gmail' || p.startsWith('google')) return 'gmail';
	if (['outlook', 'hotmail', 'office365'].includes(p) || p.startsWith('microsoft'))
		return 'outlook';
	if (p === 'yahoo' || p === 'aol') return 'yahoo';
	return 'other';
}

const INBOX = ['INBOX', 'PERSONAL', 'IMPORTANT'];
const CATEGORIES = ['PROMOTION', 'PROMOTIONS', 'SOCIAL', 'UPDATES', 'FORUMS'];
type Folder = 'inbox' | 'categories' | 'spam' | 'other' | 'not_received';

/**
 * The folder group of a seed copy, as the service groups folders; an empty folder means it has not
 * arrived.
 */
function folderGroup(receivedIn: unknown): Folder {
	const folder = typeof receivedIn === 'string' ? receivedIn.trim().toUpperCase() : '';
	if (!folder) return 'not_received';
	if (INBOX.includes(folder)) return 'inbox';
	if (CATEGORIES.includes(folder)) return 'categories';
	if (folder === 'SPAM') return 'spam';
	return 'other';
}

export interface Placement extends IDataObject {
	seeds: number;
	inbox: number;
	categories: number;
	spam: number;
	other: number;
	not_received: number;
	inbox_percent: number | null;
	spam_percent: number | null;
}

const percent = (part: number, whole: number): number | null =>
	whole > 0 ? Math.round((part / whole) * 100) : null;

export function placementOf(results: IDataObject[]): Record<'all' | Provider, Placement> {
	const empty = (): Placement => ({
		seeds: 0,
		inbox: 0,
		categories: 0,
		spam: 0,
		other: 0,
		not_received: 0,
		inbox_percent: null,
		spam_percent: null,
	});
	const out = { all: empty(), gmail: empty(), outlook: empty(), yahoo: empty(), other: empty() };
	for (const r of results) {
		const folder = folderGroup(r.received_in);
		for (const bucket of [out.all, out[providerGroup(r.provider)]]) {
			bucket.seeds++;
			bucket[folder]++;
		}
	}
	for (const bucket of Object.values(out)) {
		bucket.inbox_percent = percent(bucket.inbox, bucket.seeds);
		bucket.spam_percent = percent(bucket.spam, bucket.seeds);
	}
	return out;
}

export const PROVIDER_NAMES: Record<Provider, string> = {
	gmail: 'Gmail',
	outlook: 'Outlook',
	yahoo: 'Yahoo',
	other: 'other providers',
};

/**
 * The providers with copies that arrived outside the inbox and an inbox share below `passAt`,
 * lowest first ("Gmail (25 % inbox)"): a provider that passes on its own is not where placement
 * fell. A provider without seeds has none, so every one named has an inbox share.
 */
export function weakestProviders(
	placement: Record<'all' | Provider, Placement>,
	passAt = 100,
): string[] {
	return PROVIDERS.filter(
		(p) =>
			placement[p].inbox < placement[p].seeds - placement[p].not_received &&
			(placement[p].inbox_percent ?? 0) < passAt,
	)
		.sort((a, b) => (placement[a].inbox_percent ?? 0) - (placement[b].inbox_percent ?? 0))
		.map((p) => `${PROVIDER_NAMES[p]} (${placement[p].inbox_percent} % inbox)`);
}
