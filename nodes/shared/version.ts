/**
 * Sent in the User-Agent. Kept equal to package.json's version by a unit test (nodes may not read
 * files).
 */
export const PACKAGE_VERSION = '0.1.0';

export const USER_AGENT = `n8n-nodes-deliverability/${PACKAGE_VERSION}`;
