/**
 * The providers of the other party that the warming graphs filter by (their `provider` query
 * parameter), written once: Get Warming Trend offers them in its Provider option, trends each of
 * them after a drop of all together, and its reason and fix name them in words.
 */

/**
 * Each provider's value as the service knows it, its name in the Provider picker and its name in a
 * sentence, in the order the outputs give them.
 */
const TABLE = {
	gmail: { picker: 'Gmail', inText: 'Gmail' },
	outlook: { picker: 'Outlook', inText: 'Outlook' },
	others: { picker: 'Other Providers', inText: 'other providers' },
} as const;

export type WarmingProvider = keyof typeof TABLE;

/** The providers in the outputs' order. */
export const WARMING_PROVIDERS = Object.keys(TABLE) as WarmingProvider[];

/** A provider's name in a sentence ("dropped at Gmail, other providers"). */
export const warmingProviderName = (provider: WarmingProvider): string => TABLE[provider].inText;

/** The Provider picker's choices, sorted by name as n8n lists the options of a picker. */
export const WARMING_PROVIDER_CHOICES = WARMING_PROVIDERS.map((value) => ({
	name: TABLE[value].picker,
	value,
})).sort((a, b) => a.name.localeCompare(b.name));
