/**
 * The credential as one caller's requests use it. n8n reads a credential from the database and
 * decrypts it on every getCredentials call (twice per request when httpRequestWithAuthentication
 * reads it again), so a caller opens one session (the action node per run, a trigger or a picker
 * per call) and hands it to every request it makes: the credential is read once, on the first
 * request, and goes when the caller drops the session.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { NOTHING_SENT } from '../invalidFields';
import { pacerFor, type Pacer } from '../pacer';
import { DEFAULT_REQUESTS_PER_SECOND } from '../pacerPolicy';
import { credentialSecrets } from './answerSecrets';
import { allowedDomainsFor } from './allowedDomains';
import { CREDENTIAL_NAME, type ApiContext } from './types';

/**
 * The API's version segment, which every Base URL ends in (after trimming, a trailing slash
 * removed): the paths the node adds (`/accounts/1`) exist only below it.
 */
const VERSION_SEGMENT = /^https?:\/\/[^/]+(?:\/.*)?\/api\/v1$/i;

export function baseUrlOf(credentials: IDataObject): string {
	return String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/** The credential's fields but the API key (whose two forms keyOf gives). */
function omitKey(credentials: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(credentials).filter(([name]) => name !== 'apiKey'));
}

/** The API key as typed (trimmed) and without a "Bearer " the user may have pasted with it. */
function keyOf(credentials: IDataObject): { raw: string; bare: string } {
	const raw = String(credentials.apiKey ?? '').trim();
	return { raw, bare: raw.replace(/^bearer\s+/i, '') };
}

/**
 * Default of the credential's "Timeout (Seconds)": the longest one answer may take, from sending
 * the request to its last byte. 60 s is what the idle limit was before (a workflow that worked
 * keeps working), well above what the service needs for any documented call, and short enough that
 * a stalled read is retried within minutes.
 */
const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * The credential's time limit per answer, in milliseconds (1 s to 10 min; anything else: the
 * default).
 */
function timeoutMsOf(credentials: IDataObject): number {
	const raw = credentials.timeout;
	const seconds =
		typeof raw === 'number'
			? raw
			: typeof raw === 'string' && raw.trim() !== ''
				? Number(raw)
				: NaN;
	return Number.isFinite(seconds) && seconds >= 1 && seconds <= 600
		? Math.round(seconds * 1000)
		: DEFAULT_TIMEOUT_SECONDS * 1000;
}

/** What every request of a session needs from the credential, read and decrypted once. */
export interface Credential {
	decrypted: ICredentialsDecrypted;
	secrets: string[];
	baseUrl: string;
	pacer: Pacer;
	timeoutMs: number;
	/**
	 * The hosts the key may go to, when the credential's Allowed HTTP Request Domains is Specific
	 * Domains (allowedDomains.ts); sent with every request so that n8n refuses a redirect elsewhere.
	 */
	allowedDomains?: string;
}

/**
 * A time limit for all the requests of a session together (a poll's: n8n abandons a poll that runs
 * past its budget without reporting it, so the requests must stop first and say so). `at`: epoch
 * ms; `ms`: the limit as given.
 */
export interface Deadline {
	at: number;
	ms: number;
}

export class Session {
	private reading: Promise<Credential> | undefined;

	/**
	 * `ctx`: the n8n context the requests are made with (its request helper, node and stop signal);
	 * `deadline`: when its requests must have ended, attempts and waits included (none: each request
	 * has its own limits only); `type`: the credential, the API key's or one that extends it (the
	 * action node's operations that send a secret); `beforeRead`: the caller's check before the
	 * credential is read (it throws to refuse).
	 */
	constructor(
		readonly ctx: ApiContext,
		readonly deadline?: Deadline,
		readonly type: string = CREDENTIAL_NAME,
		private readonly beforeRead?: () => void,
	) {}

	/**
	 * The credential, read on first use; a failed read is not kept, so the next request reads again.
	 */
	async credential(itemIndex: number | undefined): Promise<Credential> {
		if (!this.reading) {
			const reading = this.read();
			this.reading = reading;
			reading.catch(() => {
				if (this.reading === reading) this.reading = undefined;
			});
		}
		const resolved = await this.reading;
		if (!/^https?:\/\/[^/]+/i.test(resolved.baseUrl)) {
			throw new NodeOperationError(
				this.ctx.getNode(),
				'The Base URL in the credential is not an http(s) URL',
				{
					description: `Set it to the service address ending in /api/v1, e.g. https://api.example.com/api/v1. ${NOTHING_SENT}`,
					itemIndex,
				},
			);
		}
		if (!VERSION_SEGMENT.test(resolved.baseUrl.replace(/[?#].*$/, ''))) {
			// Checked before the first request: without the version segment every path lands beside the
			// API, and the service's answer (a 404 "not found", a web page) would read as a wrong ID or a
			// broken service.
			throw new NodeOperationError(
				this.ctx.getNode(),
				'The Base URL in the credential does not end in /api/v1',
				{
					description: `Open the credential and set Base URL to the service address ending in the version segment /api/v1, e.g. https://api.example.com/api/v1. ${NOTHING_SENT}`,
					itemIndex,
				},
			);
		}
		const allowedDomains = allowedDomainsFor(
			this.ctx.getNode(),
			resolved.decrypted.data ?? {},
			resolved.baseUrl,
			itemIndex,
		);
		return allowedDomains === undefined ? resolved : { ...resolved, allowedDomains };
	}

	private async read(): Promise<Credential> {
		this.beforeRead?.();
		const credentials = (await this.ctx.getCredentials(
			this.type,
		)) as ICredentialDataDecryptedObject;
		const baseUrl = baseUrlOf(credentials);
		const { raw, bare } = keyOf(credentials);
		const rate = credentials.maxRequestsPerSecond;
		const perSecond =
			typeof rate === 'number' && Number.isFinite(rate) ? rate : DEFAULT_REQUESTS_PER_SECOND;
		const reference = this.ctx.getNode().credentials?.[this.type];
		return {
			decrypted: {
				id: reference?.id ?? '',
				name: reference?.name ?? '',
				type: this.type,
				data: credentials,
			},
			// Both forms of the key, and every other secret the credential holds (a mailbox password, a
			// client secret, a key file), are kept out of answers, errors and logs.
			secrets: [
				...[raw, bare].filter((secret) => secret.length >= 4),
				...credentialSecrets(omitKey(credentials)),
			],
			baseUrl,
			pacer: pacerFor(baseUrl, bare, perSecond),
			timeoutMs: timeoutMsOf(credentials),
		};
	}
}

/**
 * A session for the requests of one caller (see above): optionally all within `budgetMs` from now,
 * with the API key's credential or `credential` (one that extends it), checked by `beforeRead`
 * before it is read.
 */
export function openSession(
	ctx: ApiContext,
	options: { budgetMs?: number; credential?: string; beforeRead?: () => void } = {},
): Session {
	const { budgetMs, credential, beforeRead } = options;
	return new Session(
		ctx,
		budgetMs === undefined ? undefined : { at: Date.now() + budgetMs, ms: budgetMs },
		credential,
		beforeRead,
	);
}
