/**
 * The requests to an address an admin named (an OpenID Connect issuer, a SAML metadata URL)
 * connect to the address that was checked, never to what the name answers a moment later:
 * real servers on loopback, and a resolver the test answers. The trap is `localhost`, which
 * the system itself resolves to this machine: a request that resolved the name again to
 * connect (as the global `fetch` does) would reach the test's loopback server.
 */
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSigningKey } from '../../test/saml-idp.js';
import { guardedFetch, IssuerAddressRefused } from './issuer-address.js';
import { pinnedRequest } from './pinned-request.js';
import { fetchMetadata, MetadataUnreachable } from './saml/saml-metadata-fetch.js';

/**
 * Public to the address rule, and reached by no one: IPv6's documentation prefix 3fff::/20
 * (RFC 9637), which the rule does not list. A request pinned to it goes nowhere and ends at
 * its timeout.
 */
const PUBLIC_NOWHERE = '3fff::1';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A resolver that answers `answers` in turn (the last one ever after), and the names it was asked. */
function changingResolver(...answers: string[][]) {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const answer = answers.length > 1 ? (answers.shift() as string[]) : answers[0];
    return answer.map((address) => ({ address, family: net.isIP(address) }));
  };
  return { resolve, asked };
}

/** A TCP server on this machine's loopback (127.0.0.1, and ::1 where there is one) that counts whoever connects. */
async function loopbackTrap() {
  const reached: string[] = [];
  const listen = (host: string, port: number) =>
    new Promise<net.Server | undefined>((resolve) => {
      const server = net.createServer((socket) => {
        reached.push(host);
        socket.destroy();
      });
      server.once('error', () => resolve(undefined));
      server.listen(port, host, () => {
        closers.push(() => new Promise((done) => server.close(done)));
        resolve(server);
      });
    });
  const v4 = (await listen('127.0.0.1', 0)) as net.Server;
  const { port } = v4.address() as AddressInfo;
  await listen('::1', port);
  return { port, reached };
}

/** An HTTP server on 127.0.0.1 that answers with `handle` and keeps each request it got, with its body. */
async function loopbackServer(handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const requests: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((done) => server.close(done)));
  closers.push(() => server.closeAllConnections());
  return { port: (server.address() as AddressInfo).port, requests };
}

describe('an issuer whose name answers a public address to the check and loopback to the connect', () => {
  it('is not reached on loopback: the OpenID Connect request connects to the address checked', async () => {
    const trap = await loopbackTrap();
    const dns = changingResolver([PUBLIC_NOWHERE], ['127.0.0.1']);
    const fetcher = guardedFetch(false, dns.resolve);
    const failed = await fetcher(`https://localhost:${trap.port}/.well-known/openid-configuration`, {
      method: 'GET',
      headers: { accept: 'application/json' },
      body: undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(1000),
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    // The check admitted the first answer (no refusal), and the request went there, not to loopback.
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(IssuerAddressRefused);
    expect(trap.reached).toEqual([]);
    expect(dns.asked).toEqual(['localhost']);
  });

  it('is not reached on loopback: the SAML metadata read connects to the address checked', async () => {
    const trap = await loopbackTrap();
    const dns = changingResolver([PUBLIC_NOWHERE], ['127.0.0.1']);
    const failed = await fetchMetadata(`https://localhost:${trap.port}/metadata`, {
      allowLoopback: false,
      timeoutMs: 1000,
      resolve: dns.resolve,
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(MetadataUnreachable);
    expect((failed as Error).message).not.toMatch(/may not call/);
    expect(trap.reached).toEqual([]);
    expect(dns.asked).toEqual(['localhost']);
  });

  it('is refused before connecting when the check itself hears loopback, with loopback not allowed', async () => {
    const trap = await loopbackTrap();
    const fetcher = guardedFetch(false, changingResolver([PUBLIC_NOWHERE, '127.0.0.1']).resolve);
    await expect(
      fetcher(`https://localhost:${trap.port}/.well-known/openid-configuration`, {
        method: 'GET',
        headers: {},
        body: undefined,
        redirect: 'manual',
      }),
    ).rejects.toThrow(new IssuerAddressRefused(`The issuer's host localhost:${trap.port} names an address the console may not call.`));
    expect(trap.reached).toEqual([]);
  });
});

describe('guardedFetch, openid-client’s fetch', () => {
  it('posts the token request to the checked address, under the issuer’s name, and answers a Response', async () => {
    const issuer = await loopbackServer((_req, _body, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-said': 'hello' }).end('{"access_token":"t"}');
    });
    // Whatever the name answers after the check (10.9.8.7, or nothing: the system knows no such name).
    const dns = changingResolver(['127.0.0.1'], ['10.9.8.7']);
    const fetcher = guardedFetch(true, dns.resolve);
    const answer = await fetcher(`http://issuer.pinned.test:${issuer.port}/token`, {
      method: 'POST',
      headers: { accept: 'application/json', authorization: 'Basic Y2xpZW50OnNlY3JldA==' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'the code' }),
      redirect: 'manual',
    });
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-said')).toBe('hello');
    expect(await answer.json()).toEqual({ access_token: 't' });
    expect(issuer.requests).toHaveLength(1);
    expect(issuer.requests[0]).toMatchObject({
      method: 'POST',
      url: '/token',
      body: 'grant_type=authorization_code&code=the+code',
      headers: {
        host: `issuer.pinned.test:${issuer.port}`,
        authorization: 'Basic Y2xpZW50OnNlY3JldA==',
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      },
    });
    expect(dns.asked).toEqual(['issuer.pinned.test']);
  });

  it('follows no redirect: the 302 is openid-client’s to refuse', async () => {
    const elsewhere = await loopbackServer((_req, _body, res) => res.writeHead(200).end('{}'));
    const issuer = await loopbackServer((_req, _body, res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/jwks` }).end(),
    );
    const fetcher = guardedFetch(true, changingResolver(['127.0.0.1']).resolve);
    const answer = await fetcher(`http://issuer.pinned.test:${issuer.port}/jwks`, {
      method: 'GET',
      headers: {},
      body: undefined,
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`http://127.0.0.1:${elsewhere.port}/jwks`);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('ends with openid-client’s timeout as fetch does, and refuses an answer larger than it reads', async () => {
    const dripping = await loopbackServer((_req, _body, res) => {
      res.writeHead(200);
      const drip = setInterval(() => res.write('.'), 20);
      res.on('close', () => clearInterval(drip));
      closers.push(() => clearInterval(drip));
    });
    const fetcher = guardedFetch(true, changingResolver(['127.0.0.1']).resolve);
    const get = (port: number, signal?: AbortSignal) =>
      fetcher(`http://issuer.pinned.test:${port}/`, { method: 'GET', headers: {}, body: undefined, redirect: 'manual', signal });
    await expect(get(dripping.port, AbortSignal.timeout(200))).rejects.toMatchObject({ name: 'TimeoutError' });

    const huge = await loopbackServer((_req, _body, res) => res.writeHead(200).end(Buffer.alloc(1024 * 1024 + 1, 'x')));
    await expect(get(huge.port)).rejects.toThrow(`The issuer's answer at http://issuer.pinned.test:${huge.port} is larger than 1024 KB.`);
  });
});

describe('pinnedRequest', () => {
  it('checks the certificate against the URL’s name, sent as the TLS server name, while connecting to the address', async () => {
    const key = makeSigningKey({ commonName: 'idp.pinned.test' });
    const names: string[] = [];
    const server = https.createServer(
      {
        key: key.privateKeyPem,
        cert: key.certPem,
        // Called with the name of the ClientHello, before the client sees (and refuses) the certificate.
        SNICallback: (name, done) => {
          names.push(name);
          done(null, undefined);
        },
      },
      (_req, res) => res.end('trusted?'),
    );
    server.on('tlsClientError', () => undefined);
    const seen: string[] = [];
    server.on('connection', () => seen.push('connection'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((done) => server.close(done)));
    const { port } = server.address() as AddressInfo;
    const failed = await pinnedRequest(
      new URL(`https://idp.pinned.test:${port}/`),
      { method: 'GET', headers: {} },
      {
        addressAllowed: () => true,
        plainHttpAllowed: () => false,
        maxBytes: 1024,
        timeoutMs: 5000,
        resolve: changingResolver(['127.0.0.1']).resolve,
      },
    ).catch((err: unknown) => err);
    // Reached (the pinned address), and refused: a self-signed certificate is no one's proof of the name.
    expect(seen).toEqual(['connection']);
    expect(failed).toMatchObject({ failure: 'unreachable', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(names).toEqual(['idp.pinned.test']);
  });

  it('ends at its own timeout, the resolution included', async () => {
    const failed = await pinnedRequest(
      new URL('https://idp.silent.test/'),
      { method: 'GET', headers: {} },
      {
        addressAllowed: () => true,
        plainHttpAllowed: () => false,
        maxBytes: 1024,
        timeoutMs: 200,
        resolve: () => new Promise(() => undefined),
      },
    ).catch((err: unknown) => err);
    expect(failed).toMatchObject({ failure: 'timeout' });
  });
});
