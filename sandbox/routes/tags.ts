/**
 * POST /tags/{id}/link `{account_id}` → `{id, name}`: the account carries the tag (and is found by it in GET
 * /accounts?tags=). There is no tag list endpoint: tags are seen in `account.tags[]`. Provider-defined tags → 422.
 */
import type { Route } from '../api';
import { ApiError, forbidden, notFound, ok, scoped } from '../api';
import type { Project, Tag } from '../resources';
import type { Store } from '../store';
import { PROJECT_KEYS } from '../resources';
import { BodyReader, pathId } from '../validate';

/** The project's tag with that id: another project's → 403, unknown → 404 (the sandbox's scoping rule). */
function ownTag(store: Store, project: Project, id: number): Tag {
	const own = store.tags[project.key].find((t) => t.id === id);
	if (own) return own;
	if (PROJECT_KEYS.some((k) => store.tags[k].some((t) => t.id === id)))
		throw forbidden('This API key has no access to this tag');
	throw notFound('Tag not found');
}

export const tagRoutes: Route[] = [
	{
		method: 'POST',
		path: '/tags/:id/link',
		handler: ({ store, project, params, body }) => {
			const tag = ownTag(store, project, pathId(params.id));
			const b = new BodyReader(body, ['account_id']);
			const accountId = b.int('account_id', { required: true })!;
			b.done();
			const account = scoped(store.accounts.get(accountId), project, 'Account');
			if (tag.provider_defined) {
				throw new ApiError(422, 'Tags defined by the provider cannot be linked', {
					errors: { id: ['is a provider-defined tag'] },
				});
			}
			// Linking twice is harmless: the account carries the tag once.
			if (!account.tags.some((t) => t.id === tag.id)) account.tags.push(tag);
			return ok({ id: tag.id, name: tag.name });
		},
	},
];
