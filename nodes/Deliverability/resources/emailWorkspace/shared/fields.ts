/** The parameters Email Workspace → Create and Update both show. */
import type { INodeProperties } from 'n8n-workflow';

/**
 * The workspace's name: required on a create and on every update (the service has no partial update
 * of it).
 */
export function workspaceName(description: string): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Sales team',
		description,
	};
}
