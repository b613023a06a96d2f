/**
 * An example that uses a credential `npm start` does not create (the AI agent's chat model) says so on its canvas: a
 * sticky note names that credential and the node it goes in, so the workflow does not just fail on first run.
 */
import { loadExamples, missingCredentials } from '../../support/examples';

describe('examples that need a credential npm start does not create', () => {
	const examples = loadExamples();

	it('the AI agent example is one of them (its OpenAI credential)', () => {
		const agent = examples.find((e) => e.file === 'ai-agent.json')!;
		expect(missingCredentials(agent)).toEqual([
			{ name: 'OpenAI account', type: 'openAiApi', nodes: ['OpenAI Chat Model'] },
		]);
	});

	it.each(
		examples.filter((e) => missingCredentials(e).length > 0).map((e) => [e.file, e] as const),
	)('%s carries a sticky note naming it and its node', (_file, example) => {
		const notes = (
			example.workflow.nodes as Array<{ type: string; parameters: { content?: string } }>
		)
			.filter((n) => n.type === 'n8n-nodes-base.stickyNote')
			.map((n) => n.parameters.content ?? '');
		for (const credential of missingCredentials(example)) {
			expect(
				notes.some(
					(text) =>
						text.includes(credential.name) &&
						credential.nodes.every((node) => text.includes(node)) &&
						/not this one|does not create|not created/i.test(text),
				),
			).toBe(true);
		}
	});

	it('no other example needs one', () => {
		expect(examples.filter((e) => missingCredentials(e).length > 0).map((e) => e.file)).toEqual([
			'ai-agent.json',
		]);
	});
});
