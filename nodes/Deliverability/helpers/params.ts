/** Reading parameters the same way in every operation file. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { forgetItem, itemValidator, throwIfInvalid, Validator } from '../../shared/validation';
import type { OperationHandler } from '../router';

/**
 * The item's validator: it names fields by their on-screen labels (it is created by `validated`, which knows the
 * operation's labels) and collects every problem of the item; they are thrown together before the item's first
 * request (by the transport) or when the operation ends (by `validated`). Every call for the same item returns the
 * same validator.
 */
export function validator(ctx: IExecuteFunctions, itemIndex: number): Validator {
	return itemValidator(ctx, itemIndex, () => new Validator(ctx.getNode(), itemIndex, { collect: true }));
}

/**
 * An operation's execute with the item's validation closed around it: the item's validator names fields by `label`
 * (their labels on screen for this operation); failures still pending when it returns are thrown, and when it stops
 * with another error while failures are pending (a stand-in value it went on with), the failures are what the user
 * sees, since they are the cause. An error from the service is never hidden.
 */
export function validated(handler: OperationHandler, label: (field: string) => string): OperationHandler {
	return async function (this: IExecuteFunctions, item) {
		const itemIndex = item.index;
		forgetItem(this, itemIndex);
		itemValidator(this, itemIndex, () => new Validator(this.getNode(), itemIndex, { collect: true, label }));
		// Passed through untouched (the item loop wraps what reaches it): only pending failures replace an error.
		return await handler.call(this, item).then(
			(result) => {
				throwIfInvalid(this, itemIndex);
				return result;
			},
			async (error: unknown) => {
				if (!(error instanceof NodeApiError)) throwIfInvalid(this, itemIndex);
				return await Promise.reject(error);
			},
		).finally(() => forgetItem(this, itemIndex));
	};
}

/** The value of a resource locator (any mode), trimmed; numeric ids are checked as int32. */
export function locatorId(ctx: IExecuteFunctions, name: string, itemIndex: number, numeric: true): number;
export function locatorId(ctx: IExecuteFunctions, name: string, itemIndex: number, numeric: false): string;
export function locatorId(ctx: IExecuteFunctions, name: string, itemIndex: number, numeric: boolean): number | string {
	const raw = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const value = typeof raw === 'object' && raw !== null ? (raw as IDataObject).value : raw;
	const v = validator(ctx, itemIndex);
	if (numeric) return v.id(name, typeof value === 'string' ? value.trim() : value);
	const text = v.nonEmptyString(name, typeof value === 'number' ? String(value) : value);
	if (!/^[A-Za-z0-9_-]+$/.test(text)) v.fail(name, `"${text}" is not a valid ID`);
	return text;
}

/**
 * The value of a picker inside a collection (n8n hands collection values over as they are stored: a resource
 * locator is `{ __rl, mode, value }`); a plain value (from an expression over the whole field) passes unchanged.
 */
export function locatorValue(raw: unknown): unknown {
	if (raw !== null && typeof raw === 'object' && '__rl' in raw) {
		const value = (raw as IDataObject).value;
		return typeof value === 'string' ? value.trim() : value;
	}
	return raw;
}

/** The values of a Filters/Options/Additional Fields/Update Fields collection (empty when none was added). */
export function collectionValues(ctx: IExecuteFunctions, name: string, itemIndex: number): IDataObject {
	return (ctx.getNodeParameter(name, itemIndex, {}) as IDataObject) ?? {};
}

/** A switch (boolean parameter), checked: an expression may give "true"/"false" text, anything else fails. */
export function flag(ctx: IExecuteFunctions, name: string, itemIndex: number): boolean {
	return validator(ctx, itemIndex).boolean(name, ctx.getNodeParameter(name, itemIndex, false));
}

/** Return All / Limit as one value: undefined means all. */
export function listLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (flag(ctx, 'returnAll', itemIndex)) return undefined;
	return validator(ctx, itemIndex).integer('limit', ctx.getNodeParameter('limit', itemIndex, 50), 1);
}
