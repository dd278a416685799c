/**
 * A real OpenID provider (the `oidc-provider` package) on a free loopback port, standing in
 * for Google, Microsoft or any issuer in tests, and a small browser that signs in on its
 * login and consent pages until the provider redirects back to the console.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider from 'oidc-provider';

export interface OidcPeerClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * Rewrites the ID token of the token endpoint's answer, to prove the console refuses it: given
 * the token's header and claims and a signer with the provider's own key, it returns the
 * token to send instead.
 */
export type IdTokenTamper = (
  token: { header: Record<string, unknown>; claims: JWTPayload },
  sign: (claims: JWTPayload, header?: Record<string, unknown>) => Promise<string>,
) => Promise<string>;

export async function startOidcPeer(
  clients: OidcPeerClient[],
  opts: { unverifiedEmails?: string[]; profiles?: Record<string, Record<string, unknown>> } = {},
) {
  let handler: http.RequestListener = (_req, res) => res.end();
  let tamper: IdTokenTamper | undefined;
  const server = http.createServer((req, res) => {
    if (!tamper || req.method !== 'POST' || !req.url?.startsWith('/token')) return handler(req, res);
    // The token endpoint's answer, held back and rewritten before it leaves.
    const rewrite = tamper;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: Buffer | string) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const done = (text: string) => {
        res.setHeader('content-length', Buffer.byteLength(text));
        write(text);
        return end();
      };
      if (typeof body.id_token !== 'string') return done(JSON.stringify(body));
      const header = decodeProtectedHeader(body.id_token) as Record<string, unknown>;
      rewrite({ header, claims: decodeJwt(body.id_token) }, sign).then((idToken) => done(JSON.stringify({ ...body, id_token: idToken })));
      return res;
    }) as typeof res.end;
    return handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const unverified = new Set(opts.unverifiedEmails ?? []);
  const sign = (claims: JWTPayload, header: Record<string, unknown> = { alg: 'RS256', kid: 'test' }) =>
    new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(privateKey);

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    // Any login is accepted; the account's e-mail is the login itself.
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({ sub, email: sub, email_verified: !unverified.has(sub), name: `Person ${sub}`, ...opts.profiles?.[sub] }),
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups', 'employee_number'],
    },
    cookies: { keys: ['oidc-peer-test-key'] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();

  return {
    issuer,
    /** From now on, every ID token the token endpoint answers goes through `rewrite` (none: as issued). */
    tamperIdTokens(rewrite: IdTokenTamper | undefined) {
      tamper = rewrite;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /**
     * Follows the authorization URL like a browser, signs in as `login` and consents;
     * returns the URL the provider sends the browser back to (starting with `returnTo`).
     */
    async signIn(authorizationUrl: string, login: string, returnTo: string): Promise<string> {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      let body: string | undefined;
      for (let step = 0; step < 20; step++) {
        if (url.startsWith(returnTo)) return url;
        const res = await fetch(url, {
          method: body ? 'POST' : 'GET',
          body,
          redirect: 'manual',
          headers: {
            cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const eq = pair.indexOf('=');
          const name = pair.slice(0, eq).trim();
          const value = pair.slice(eq + 1);
          if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
          else jar.set(name, value);
        }
        if (res.status >= 300 && res.status < 400) {
          url = new URL(res.headers.get('location')!, url).href;
          body = undefined;
          continue;
        }
        const html = await res.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        if (!action || !prompt) throw new Error(`the provider showed an unexpected page (${res.status}): ${html.slice(0, 500)}`);
        url = new URL(action.replaceAll('&amp;', '&'), url).href;
        body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString();
      }
      throw new Error('too many steps at the provider');
    },
  };
}
