/** Reading parameters the same way in every operation file. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { Validator } from '../../shared/validation';

export function validator(ctx: IExecuteFunctions, itemIndex: number): Validator {
	return new Validator(ctx.getNode(), itemIndex);
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
