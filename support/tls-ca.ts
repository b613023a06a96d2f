/**
 * A certificate authority made for one run with Debian's `openssl`, as a company makes its private CA: a CA
 * certificate n8n is told to trust (NODE_EXTRA_CA_CERTS) and server certificates it issues for the sandbox (or a
 * proxy). Besides the good one it makes the wrong ones users meet: a self-signed certificate, an expired one and one
 * issued for another host name. Everything is written to a fresh folder under the system's temporary folder (keys
 * included; nothing here protects anything), removed by `remove()`.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A server certificate and its key, as PEM text and as files (for a child process: `--tls-cert`, `--tls-key`). */
export interface ServerCertificate {
	cert: string;
	key: string;
	certFile: string;
	keyFile: string;
}

export interface IssueOptions {
	/** Host names and IP addresses the certificate is for (default: 127.0.0.1 and localhost). */
	hosts?: string[];
	/** Valid from 2025-01-01 to 2025-01-02 only: expired by now. */
	expired?: boolean;
}

export interface RunCa {
	/** The folder holding every file of this CA. */
	dir: string;
	/** The CA certificate (PEM file): what NODE_EXTRA_CA_CERTS points at. */
	caFile: string;
	/** The CA certificate as PEM text (for a client in this process: `ca` of node:https). */
	caPem: string;
	/** A server certificate signed by this CA. `name` names its files. */
	issue(name: string, options?: IssueOptions): ServerCertificate;
	/** A certificate signed by its own key (no CA at all), for the given hosts (default: 127.0.0.1, localhost). */
	selfSigned(name: string, hosts?: string[]): ServerCertificate;
	remove(): void;
}

export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'];

/** Debian's openssl, or an error that says how to install it. */
export function opensslPath(): string {
	for (const candidate of ['/usr/bin/openssl', '/usr/local/bin/openssl']) {
		if (fs.existsSync(candidate)) return candidate;
	}
	throw new Error(
		"openssl is not installed: the HTTPS tests make their CA with it. Install Debian's package: apt-get install -y openssl",
	);
}

function openssl(dir: string, args: string[]): void {
	try {
		execFileSync(opensslPath(), args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
	} catch (error) {
		const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
		throw new Error(`openssl ${args[0]} failed: ${stderr || String(error)}`);
	}
}

/** subjectAltName entries: IP addresses as IP:, names as DNS:. */
function altNames(hosts: string[]): string {
	return hosts.map((h) => (/^[\d.]+$|:/.test(h) ? `IP:${h}` : `DNS:${h}`)).join(',');
}

/** An EC P-256 key: what most CAs issue today, and quick to make. */
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** openssl's own CA (`openssl ca`), used only for the expired certificate: `x509 -req` cannot set a start date. */
const CA_CONFIG = `[ca]
default_ca = run
[run]
database = ca-db/index.txt
new_certs_dir = ca-db
serial = ca-db/serial
default_md = sha256
policy = any
unique_subject = no
[any]
commonName = supplied
`;

/**
 * `openssl req`: a new key in `<base>.key` and, for the subject `/CN=<name>`, either a certificate that key signs
 * itself, valid 7 days, with these `-addext` extensions (`extensions` given: a CA or a self-signed server), or a
 * request for a CA to sign, `<base>.csr` (`extensions` absent).
 */
function newKey(dir: string, base: string, name: string, extensions?: string[]): void {
	const selfSigned = extensions !== undefined;
	openssl(dir, [
		'req',
		...(selfSigned ? ['-x509'] : []),
		'-new',
		...NEW_KEY,
		'-keyout',
		`${base}.key`,
		'-out',
		`${base}.${selfSigned ? 'pem' : 'csr'}`,
		...(selfSigned ? ['-days', '7'] : []),
		'-subj',
		`/CN=${name}`,
		...(extensions ?? []).flatMap((extension) => ['-addext', extension]),
	]);
}

export function makeRunCa(options: { dir?: string; name?: string } = {}): RunCa {
	const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'run-ca-'));
	fs.mkdirSync(dir, { recursive: true });
	const name =
		options.name ?? `n8n-nodes-deliverability run CA ${crypto.randomBytes(4).toString('hex')}`;
	newKey(dir, 'ca', name, [
		'basicConstraints=critical,CA:TRUE',
		'keyUsage=critical,keyCertSign,cRLSign',
	]);
	const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
	const files = (base: string): ServerCertificate => ({
		cert: read(`${base}.pem`),
		key: read(`${base}.key`),
		certFile: path.join(dir, `${base}.pem`),
		keyFile: path.join(dir, `${base}.key`),
	});
	const extensions = (base: string, hosts: string[]) => {
		fs.writeFileSync(
			path.join(dir, `${base}.ext`),
			[
				`subjectAltName=${altNames(hosts)}`,
				'basicConstraints=CA:FALSE',
				'keyUsage=critical,digitalSignature',
				'extendedKeyUsage=serverAuth',
				'',
			].join('\n'),
		);
		return `${base}.ext`;
	};
	return {
		dir,
		caFile: path.join(dir, 'ca.pem'),
		caPem: read('ca.pem'),
		issue(base, { hosts = LOOPBACK_HOSTS, expired = false } = {}) {
			newKey(dir, base, hosts[0]);
			const ext = extensions(base, hosts);
			if (expired) {
				fs.writeFileSync(path.join(dir, 'ca.cnf'), CA_CONFIG);
				fs.mkdirSync(path.join(dir, 'ca-db'), { recursive: true });
				if (!fs.existsSync(path.join(dir, 'ca-db', 'index.txt'))) {
					fs.writeFileSync(path.join(dir, 'ca-db', 'index.txt'), '');
					fs.writeFileSync(path.join(dir, 'ca-db', 'serial'), '1000\n');
				}
				openssl(dir, [
					'ca',
					'-batch',
					'-notext',
					'-config',
					'ca.cnf',
					'-cert',
					'ca.pem',
					'-keyfile',
					'ca.key',
					'-in',
					`${base}.csr`,
					'-out',
					`${base}.pem`,
					'-startdate',
					'20250101000000Z',
					'-enddate',
					'20250102000000Z',
					'-extfile',
					ext,
				]);
			} else {
				openssl(dir, [
					'x509',
					'-req',
					'-in',
					`${base}.csr`,
					'-CA',
					'ca.pem',
					'-CAkey',
					'ca.key',
					'-set_serial',
					`0x${crypto.randomBytes(8).toString('hex')}`,
					'-days',
					'7',
					'-sha256',
					'-extfile',
					ext,
					'-out',
					`${base}.pem`,
				]);
			}
			return files(base);
		},
		selfSigned(base, hosts = LOOPBACK_HOSTS) {
			newKey(dir, base, hosts[0], [`subjectAltName=${altNames(hosts)}`]);
			return files(base);
		},
		remove() {
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}
