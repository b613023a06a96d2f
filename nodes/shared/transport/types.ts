/** The shapes every part of the transport shares (kept apart so no two parts import each other). */
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

export const CREDENTIAL_NAME = 'deliverabilityApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

/**
 * What a create makes and where the user can see whether it was made: the headline of a create whose answer was
 * lost ("<what>: <why we do not know>. Check <where> before running this again"). Declared by the operation file.
 */
export interface CreateWording {
	/** e.g. "The alert may have been created". */
	what: string;
	/** e.g. "Alert → Get Many". */
	where: string;
}

/** How safe a request is to repeat; decides which failures are retried. */
export type RequestKind = 'read' | 'update' | 'create';

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, e.g. `/accounts/12`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** Defaults: GET → read, DELETE → update, POST → create (the safe assumption). */
	kind?: RequestKind;
	/** Item the request belongs to, so errors point at it. */
	itemIndex?: number;
	/** For a create: the operation's wording when its answer is lost (without it: "It may have been created"). */
	creates?: CreateWording;
}

/** An answer as n8n's request helper returns it with `returnFullResponse`. */
export interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}
