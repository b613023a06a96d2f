/** POSTs a JSON body, as the service delivers an alert event to a hook URL or a sending tool calls a webhook. */
export async function postJson(url: string | URL, body: unknown): Promise<Response> {
	return await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
}
