/**
 * Admin route that fills a list (not the service's API): `POST /__admin/lists {path, count, project?}` copies the
 * project's newest record of the list behind `path` (a copy with a fresh id, and a fresh address or name where the
 * list keeps those apart; a list the seed leaves empty gets a first record) until the list holds at least `count`
 * records. The checks that run every list and every
 * picker (test/nodes/behaviour/) use it, so that each list they read holds more records than the largest Limit they
 * try and more than one page, whatever the seed holds. A new list route gets its entry in LISTS.
 */
import type { AdminRoute } from './admin';
import { badRequest, ok } from './api';
import type { Account, EmailWorkspace, ProjectKey } from './resources';
import type { Store } from './store';
import { isRecord } from './validate';

interface List {
	/** The records the list shows now (its route's own view of the project's records, before paging). */
	shown(store: Store, project: ProjectKey): number;
	/** Adds one copy of the project's newest record; false when there is none to copy. */
	copy(store: Store, project: ProjectKey, n: number): boolean;
}

const later = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000).toISOString();

function newestOf<T extends { project: ProjectKey }>(
	store: Store,
	map: Map<unknown, T>,
	project: ProjectKey,
	keep: (record: T) => boolean = () => true,
): T | undefined {
	return store.ofProject(map, project).filter(keep).at(-1);
}

function copyAccount(
	store: Store,
	source: Account,
	n: number,
	domainId = source.domainId,
): Account {
	const id = store.nextId.account[source.project]++;
	const [local, host] = source.email.split('@');
	const account: Account = {
		...structuredClone(source),
		id,
		email: `${local}.copy${n}@${host}`,
		created_at: later(source.created_at, n),
		domainId,
	};
	store.accounts.set(id, account);
	return account;
}

const LISTS: Record<string, List> = {
	'/accounts': {
		shown: (store, project) => store.ofProject(store.accounts, project).length,
		copy: (store, project, n) => {
			const source = newestOf(store, store.accounts, project, (a) => a.warming_enabled);
			if (source) copyAccount(store, source, n);
			return source !== undefined;
		},
	},
	'/spam_tests': {
		shown: (store, project) => store.ofProject(store.spamTests, project).length,
		copy: (store, project, n) => {
			const source = newestOf(store, store.spamTests, project);
			if (!source) return false;
			const publicId = store.randomId(source.publicId.length);
			store.spamTests.set(publicId, {
				...structuredClone(source),
				publicId,
				createdAt: later(source.createdAt, n),
			});
			return true;
		},
	},
	'/automated_tests': {
		shown: (store, project) => store.ofProject(store.automatedTests, project).length,
		copy: (store, project) => {
			const source = newestOf(store, store.automatedTests, project);
			if (!source) return false;
			const id = store.nextId.automatedTest++;
			store.automatedTests.set(id, { ...structuredClone(source), id });
			return true;
		},
	},
	'/alerts': {
		shown: (store, project) => store.ofProject(store.alerts, project).length,
		copy: (store, project) => {
			const source = newestOf(store, store.alerts, project);
			if (!source) return false;
			const id = store.nextId.alert++;
			store.alerts.set(id, { ...structuredClone(source), id });
			return true;
		},
	},
	// The seed has no workspace: the first is a Google one, as POST /email_workspaces makes it.
	'/email_workspaces': {
		shown: (store, project) => store.ofProject(store.workspaces, project).length,
		copy: (store, project, n) => {
			const id = store.nextId.workspace++;
			const source: EmailWorkspace = newestOf(store, store.workspaces, project) ?? {
				project,
				id,
				name: 'Workspace',
				created_at: new Date().toISOString(),
				provider: 'google',
				outlook_tenant_id: null,
				outlook_client_id: null,
				outlook_client_secret_expires_at: null,
				secrets: {},
			};
			store.workspaces.set(id, { ...structuredClone(source), id, name: `${source.name} ${n}` });
			return true;
		},
	},
	'/notifications': {
		shown: (store, project) =>
			store.ofProject(store.notifications, project).filter((x) => x.open).length,
		copy: (store, project) => {
			const source = newestOf(store, store.notifications, project, (x) => x.open);
			if (!source) return false;
			const id = store.nextId.notification++;
			store.notifications.set(id, { ...structuredClone(source), id });
			return true;
		},
	},
	// A domain is listed while an account of the project uses it, and only with a score: a scored domain is copied
	// under a new name, with an account that uses it.
	'/projects/domains': {
		shown: (store, project) =>
			store.ofProject(store.domains, project).filter((d) => d.avg_score !== null).length,
		copy: (store, project, n) => {
			const source = newestOf(store, store.domains, project, (d) => d.avg_score !== null);
			const user = newestOf(store, store.accounts, project, (a) => a.domainId === source?.id);
			if (!source || !user) return false;
			const id = store.nextId.domain++;
			store.domains.set(id, {
				...structuredClone(source),
				id,
				domain: `copy${n}.${source.domain}`,
			});
			copyAccount(store, user, n, id);
			return true;
		},
	},
};

export const listRoutes: AdminRoute[] = [
	{
		method: 'POST',
		path: '/lists',
		handler: ({ store }, _params, _query, body) => {
			if (!isRecord(body)) throw badRequest('send {path, count, project?}');
			const { path, count } = body;
			const project = body.project ?? 'A';
			if (project !== 'A' && project !== 'B') throw badRequest('project must be "A" or "B"');
			if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000)
				throw badRequest('count must be a whole number from 1 to 10000');
			const list = typeof path === 'string' ? LISTS[path] : undefined;
			if (!list)
				throw badRequest(
					`no list at ${String(path)} to fill: give its route an entry in LISTS in sandbox/lists.ts (known: ${Object.keys(LISTS).join(', ')})`,
				);
			for (let n = 1; list.shown(store, project) < count; n++)
				if (!list.copy(store, project, n))
					throw badRequest(`${String(path)} holds no record of project ${project} to copy`);
			return ok({ path, count: list.shown(store, project) });
		},
	},
];
