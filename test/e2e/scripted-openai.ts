/**
 * A scripted OpenAI-compatible chat model on 127.0.0.1, for running n8n's AI Agent without any network: it answers
 * `POST /v1/chat/completions` (plain or streamed) by asking a script what the model "decides" next, given the
 * conversation so far, and records every request, so a test can read exactly what the model was shown: the tool
 * list (names, descriptions, JSON-schema parameters) and each tool result message.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null;
	tool_calls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
	tool_call_id?: string;
}

interface ChatTool {
	type: 'function';
	function: {
		name: string;
		description: string;
		parameters: {
			type: string;
			properties: Record<string, { type: string; description?: string }>;
			required?: string[];
		};
	};
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
}

/** What the scripted model does next: call tools, or answer in text (which ends the agent's run). */
export type ScriptStep =
	| { call: Array<{ name: string; args: Record<string, unknown> }> }
	| { answer: string };

/** The script sees the request and the tool results so far (content of each `tool` message, in order). */
type Script = (request: ChatRequest, toolResults: string[]) => ScriptStep;

export interface ScriptedOpenAi {
	/** The credential's Base URL (ends in /v1, as n8n's OpenAI credential expects). */
	url: string;
	requests: ChatRequest[];
	close(): Promise<void>;
}

export async function startScriptedOpenAi(script: Script): Promise<ScriptedOpenAi> {
	const requests: ChatRequest[] = [];
	let calls = 0;
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
		req.on('end', () => {
			const send = (status: number, body: unknown) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			if (req.method === 'GET' && req.url?.endsWith('/models')) {
				send(200, {
					object: 'list',
					data: [{ id: 'gpt-4.1-mini', object: 'model', owned_by: 'scripted' }],
				});
				return;
			}
			if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
				send(404, { error: { message: `scripted model: no route ${req.method} ${req.url}` } });
				return;
			}
			let request: ChatRequest;
			try {
				request = JSON.parse(raw) as ChatRequest;
			} catch {
				send(400, { error: { message: 'scripted model: body is not JSON' } });
				return;
			}
			requests.push(request);
			const toolResults = request.messages
				.filter((m) => m.role === 'tool')
				.map((m) => String(m.content ?? ''));
			let step: ScriptStep;
			try {
				step = script(request, toolResults);
			} catch (e) {
				send(500, { error: { message: `scripted model: ${(e as Error).message}` } });
				return;
			}
			const id = `chatcmpl-scripted-${++calls}`;
			const message: ChatMessage =
				'answer' in step
					? { role: 'assistant', content: step.answer }
					: {
							role: 'assistant',
							content: null,
							tool_calls: step.call.map((c, i) => ({
								id: `call_${calls}_${i}`,
								type: 'function' as const,
								function: { name: c.name, arguments: JSON.stringify(c.args) },
							})),
						};
			const finish = 'answer' in step ? 'stop' : 'tool_calls';
			const usage = {
				prompt_tokens: Math.ceil(raw.length / 4),
				completion_tokens: 10,
				total_tokens: Math.ceil(raw.length / 4) + 10,
			};
			const created = Math.floor(Date.now() / 1000);
			if (!request.stream) {
				send(200, {
					id,
					object: 'chat.completion',
					created,
					model: request.model,
					choices: [{ index: 0, message, finish_reason: finish }],
					usage,
				});
				return;
			}
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			const chunk = (delta: object, finishReason: string | null, extra: object = {}) =>
				res.write(
					`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`,
				);
			chunk({ role: 'assistant', content: message.content ?? '' }, null);
			if (message.tool_calls)
				chunk({ tool_calls: message.tool_calls.map((c, index) => ({ index, ...c })) }, null);
			chunk({}, finish, { usage });
			res.end('data: [DONE]\n\n');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
