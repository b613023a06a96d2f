/** GET /ping: a cheap authenticated call (credential tests). */
import type { Route } from '../api';
import { ok } from '../api';

export const pingRoutes: Route[] = [
	{
		method: 'GET',
		path: '/ping',
		handler: ({ project }) => ok({ message: 'pong', project_id: project.id }),
	},
];
