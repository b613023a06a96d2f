/**
 * A bad value in any filter, option or other input an operation checks is refused before any request with the field
 * named as the user sees it ("Filters → Max Score", "Limit"), never by its API name (`max_score`). Read from the built
 * description: every number, switch, picker of fixed values, date and id picker of every operation, at the top level
 * (shown by setting its own display conditions) and inside its collections (Filters, Options, Additional Fields,
 * Update Fields), gets a value of the wrong kind from an expression (n8n checks a typed value itself, before the
 * node). So a new operation, filter or option is covered without a line of its own.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { Deliverability } from '../../../nodes/Deliverability/Deliverability.node';
import {
	operationsOf,
	parametersFor,
	sampleIds,
	showsFor,
	type Ids,
} from '../../../support/output-schemas';
import { useSandbox } from '../context';

const t = useSandbox({ accounts: 3, resetEachTest: false });
const { description } = new Deliverability();

/** A value of the wrong kind for a parameter of this type, from an expression (undefined: no wrong kind). */
function wrongValue(p: INodeProperties): INodeParameters[string] {
	switch (p.type) {
		case 'number':
			return '={{ "twelve" }}';
		case 'boolean':
			return '={{ "maybe" }}';
		case 'options':
			return '={{ "no-such-value" }}';
		case 'dateTime':
			return '={{ "not a date" }}';
		case 'resourceLocator':
			return { __rl: true, mode: 'id', value: '={{ "!!" }}' };
		default:
			return undefined;
	}
}

/**
 * A picker whose text on screen says other values come by expression ("To filter by another event ID, use an
 * expression"): any value is accepted on purpose.
 */
const acceptsOthers = (p: INodeProperties) =>
	p.type === 'options' && /use an expression/i.test(p.description ?? '');

/** Parameters named by the node, not the user: the pickers that choose what runs. */
const NOT_INPUTS = new Set(['resource', 'operation']);

interface Case {
	resource: string;
	operation: string;
	/** As on screen: "Filters → Max Score". */
	label: string;
	parameters: INodeParameters;
	typeVersion: number;
}

/** What a parameter's own display conditions need to show it (the first value of each), and the version. */
function shownBy(p: INodeProperties): { parameters: INodeParameters; typeVersion: number } {
	const show = { ...(p.displayOptions?.show ?? {}) };
	const typeVersion = p.displayOptions?.hide?.['@version'] ? 1 : 1.1;
	delete show['@version'];
	const parameters = Object.fromEntries(
		Object.entries(show)
			.filter(([name]) => !NOT_INPUTS.has(name))
			.map(([name, values]) => [name, (values as unknown[])[0]]),
	) as INodeParameters;
	return { parameters, typeVersion };
}

function casesOf(resource: string, operation: string): Case[] {
	const own = description.properties.filter((p) => showsFor(p, resource, operation));
	return own.flatMap((p): Case[] => {
		if (NOT_INPUTS.has(p.name) || p.type === 'notice') return [];
		const { parameters, typeVersion } = shownBy(p);
		if (p.type === 'collection')
			return (p.options as INodeProperties[]).flatMap((option): Case[] => {
				const wrong = wrongValue(option);
				if (wrong === undefined || acceptsOthers(option)) return [];
				const inner = shownBy(option);
				return [
					{
						resource,
						operation,
						label: `${p.displayName} → ${option.displayName}`,
						parameters: {
							...parameters,
							...inner.parameters,
							[p.name]: { [option.name]: wrong } as INodeParameters,
						},
						typeVersion: Math.min(typeVersion, inner.typeVersion),
					},
				];
			});
		const wrong = wrongValue(p);
		if (wrong === undefined || acceptsOthers(p)) return [];
		return [
			{
				resource,
				operation,
				label: p.displayName,
				parameters: { ...parameters, [p.name]: wrong },
				typeVersion,
			},
		];
	});
}

const CASES = operationsOf(description).flatMap(({ resource, operation }) =>
	casesOf(resource, operation),
);

const OUTLOOK_APP = {
	clientId: '11111111-2222-3333-4444-555555555555',
	tenantId: '66666666-7777-8888-9999-000000000000',
	clientSecretId: 'dummy-secret-id-abc',
	clientSecretValue: 'dummy-secret-value-xyz',
};

let ids: Ids;
beforeAll(async () => {
	ids = await sampleIds(t.sandbox);
});

it('finds the inputs to check (a check that finds nothing proves nothing)', () => {
	expect(CASES.length).toBeGreaterThan(40);
});

it('every filter, option and input of every operation names itself as shown when its value is wrong', async () => {
	const problems: string[] = [];
	for (const c of CASES) {
		const sample = parametersFor(description, c.resource, c.operation, ids);
		const parameters: INodeParameters = { ...sample, ...c.parameters };
		// A collection the sample fills (Update Fields) keeps its sample field beside the wrong one.
		for (const [name, value] of Object.entries(c.parameters))
			if (value && typeof value === 'object' && !('__rl' in value) && sample[name])
				parameters[name] = { ...(sample[name] as INodeParameters), ...(value as INodeParameters) };
		await t.clearRequests();
		const run = t.runSample(c.resource, c.operation, ids, {
			typeVersion: c.typeVersion,
			parameters,
			// An input shown for Outlook only is checked with its credential there.
			credentials: { deliverabilityOutlookAppApi: OUTLOOK_APP },
		});
		// n8n refusing the workflow itself (a required parameter the wrong value revealed) is n8n's own check.
		const result = await run.catch((error: Error) =>
			error.name === 'WorkflowHasIssuesError' ? undefined : Promise.reject(error),
		);
		if (!result) continue;
		const said = `${result.error?.message ?? ''} ${result.error?.description ?? ''}`;
		const where = `${c.resource} → ${c.operation}, "${c.label}" = ${JSON.stringify(Object.values(c.parameters).at(-1))}`;
		const file = `nodes/Deliverability/resources/${c.resource}/${c.operation}.ts`;
		if (!result.error)
			problems.push(
				`${where}: accepted\n    → check it in ${file} (read it with item.fields inside item.fields.all({ … }), e.g. v.integer / v.boolean / v.oneOf)`,
			);
		else if (result.error.name === 'NodeApiError')
			problems.push(
				`${where}: sent unchecked, the service refused it (${result.error.message})\n    → check it before the request, through item.fields inside item.fields.all({ … }) in ${file}`,
			);
		else if (!said.includes(`"${c.label}"`))
			problems.push(
				`${where}: the error does not name "${c.label}": ${result.error.message}\n    → check it through item.fields with its parameter name (the item handle names it as shown) in ${file}`,
			);
		else if ((await t.requests()).length > 0)
			problems.push(
				`${where}: refused only after a request\n    → check every field before the first request in ${file}`,
			);
	}
	expect(problems).toEqual([]);
}, 300_000);
