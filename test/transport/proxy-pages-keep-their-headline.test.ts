/**
 * How a proxy's own answer is shown (nodes/shared/transport/proxies.ts): the line of its page keeps the page's
 * headline even where the page says why only after a long preamble (Squid's ERR_ACCESS_DENIED, as a new user met it
 * behind a real Squid, issue 59), and the proxy is named as its Via header names it, never with a login.
 */
import { proxyNamedIn, proxyPageLine, withoutLogin } from '../../nodes/shared/transport/proxies';

/** Squid 6's ERR_ACCESS_DENIED page, its layout and words (the style sheet shortened). */
const SQUID_PAGE = `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">
<html><head>
<meta type="copyright" content="Copyright (C) 1996-2024 The Squid Software Foundation and contributors">
<meta http-equiv="Content-Type" CONTENT="text/html; charset=utf-8">
<title>ERROR: The requested URL could not be retrieved</title>
<style type="text/css"><!--
 /* Page basics */
 * { font-family: verdana, sans-serif; }
--></style>
</head><body id=ERR_ACCESS_DENIED>
<div id="titles">
<h1>ERROR</h1>
<h2>The requested URL could not be retrieved</h2>
</div>
<hr>

<div id="content">
<p>The following error was encountered while trying to retrieve the URL: <a href="https://api.example.com/api/v1/accounts?limit=50">https://api.example.com/api/v1/accounts?limit=50</a></p>

<blockquote id="error">
<p><b>Access Denied.</b></p>
</blockquote>

<p>Access control configuration prevents your request from being allowed at this time. Please contact your service provider if you feel this is incorrect.</p>

<p>Your cache administrator is <a href="mailto:webmaster?subject=CacheErrorInfo%20-%20ERR_ACCESS_DENIED">webmaster</a>.</p>
<br>
</div>

<hr>
<div id="footer">
<p>Generated Sat, 05 Dec 2026 00:10:00 GMT by proxy.corp.example (squid/6.13)</p>
<!-- ERR_ACCESS_DENIED -->
</div>
</body></html>`;

describe("a proxy's page", () => {
	it("Squid's Access Denied: its title, then why, then the rest as far as the line goes; no URL", () => {
		const line = proxyPageLine(SQUID_PAGE);
		expect(line).toMatch(
			/^ERROR: The requested URL could not be retrieved · Access Denied\. · The following error was encountered while trying to …$/,
		);
		expect(line.length).toBeLessThanOrEqual(120);
		expect(line).not.toMatch(/api\.example\.com|limit=50|font-family|copyright/i);
	});

	it('a page whose heading says it all, and a page of plain text', () => {
		expect(
			proxyPageLine(
				'<html><head><title>Access denied</title></head><body><h1>Access denied</h1><p>The proxy policy does not allow this request.</p></body></html>',
			),
		).toBe('Access denied · The proxy policy does not allow this request.');
		expect(proxyPageLine('Blocked by policy &amp; rules')).toBe('Blocked by policy & rules');
	});
});

describe('the proxy named by its Via header', () => {
	it.each([
		['1.1 proxy.corp.example (squid/6.13)', 'proxy.corp.example'],
		['1.1 127.0.0.1:3128', '127.0.0.1:3128'],
		['1.0 edge.cdn.example, 1.1 proxy.corp.example:8080 (squid)', 'proxy.corp.example:8080'],
		['1.1 user:secret@proxy.corp.example:3128', 'proxy.corp.example:3128'],
		['', undefined],
		[undefined, undefined],
	])('%s: %s', (via, named) => expect(proxyNamedIn(via)).toBe(named));

	it('an address never keeps a login', () => {
		expect(withoutLogin('http://user:p%40ss@proxy.corp.example:3128')).toBe(
			'http://proxy.corp.example:3128',
		);
		expect(withoutLogin('proxy.corp.example:3128')).toBe('proxy.corp.example:3128');
	});
});
