/**
 * What a parameter reader (params/) uses of an item: its checks and its parameters as the user gave
 * them. The item handle (helpers/item.ts) is one and hands itself to the readers, so they need not
 * know the rest of it.
 */
import type { IGetNodeParameterOptions } from 'n8n-workflow';

import type { Validator } from '../../shared/validation';

export interface ItemParameters {
	/** The item's checks; errors name fields by their labels on screen for this operation. */
	readonly fields: Validator;
	/**
	 * A parameter of this item as the user gave it (an expression already resolved), not checked yet:
	 * hand it to a check of `fields`. The readers check their parameter themselves.
	 */
	value(name: string, fallback?: unknown, options?: IGetNodeParameterOptions): unknown;
}
