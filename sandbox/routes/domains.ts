/** GET /projects/domains: unique scored domains of the project's accounts, insertion order or by avg_score. */
import type { Route } from '../api';
import { ok } from '../api';
import type { Domain, ProjectKey } from '../resources';
import type { Store } from '../store';
import { QueryReader } from '../validate';

export function domainView(d: Domain): Record<string, unknown> {
	const view: Record<string, unknown> = { ...d };
	Reflect.deleteProperty(view, 'project');
	return view;
}

/** Domains in use by at least one account of the project, in the order they were first connected. */
function domainsInUse(store: Store, project: ProjectKey): Domain[] {
	const used = new Set<number>();
	for (const a of store.accounts.values()) if (a.project === project) used.add(a.domainId);
	return store.ofProject(store.domains, project).filter((d) => used.has(d.id));
}

export const domainRoutes: Route[] = [
	{
		method: 'GET',
		path: '/projects/domains',
		handler: ({ store, project, query }) => {
			const q = new QueryReader(query);
			const order = q.oneOf('order', ['asc', 'desc'] as const);
			q.done();
			const domains = domainsInUse(store, project.key).filter((d) => d.avg_score !== null);
			// Stable sort: equal scores keep insertion order.
			if (order)
				domains.sort(
					(a, b) => (order === 'asc' ? 1 : -1) * ((a.avg_score ?? 0) - (b.avg_score ?? 0)),
				);
			return ok({ domains: domains.map(domainView) });
		},
	},
];
