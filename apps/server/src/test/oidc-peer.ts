/**
 * A real OpenID provider (the `oidc-provider` package) on a free loopback port, standing in
 * for Google, Microsoft or any issuer in tests, and a small browser that signs in on its
 * login and consent pages until the provider redirects back to the console. The provider is
 * mounted in the test's own HTTP server, which can stand in front of it for one call: the
 * token endpoint's answer with another ID token (real JWTs, signed with `jose` by the
 * provider's key or an attacker's), the discovery document with other algorithms.
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

/**
 * Holds back the provider's JSON answer and sends what `rewrite` makes of it instead: the
 * test's HTTP server standing in front of the provider for that one call.
 */
function rewriteJsonAnswer(res: http.ServerResponse, rewrite: (body: Record<string, unknown>) => Promise<Record<string, unknown>>) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: Buffer | string) => {
    chunks.push(Buffer.from(chunk));
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: Buffer | string) => {
    if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
    rewrite(JSON.parse(Buffer.concat(chunks).toString('utf8'))).then((body) => {
      const text = JSON.stringify(body);
      res.setHeader('content-length', Buffer.byteLength(text));
      write(text);
      end();
    });
    return res;
  }) as typeof res.end;
}

export async function startOidcPeer(
  clients: OidcPeerClient[],
  opts: {
    unverifiedEmails?: string[];
    profiles?: Record<string, Record<string, unknown>>;
    /**
     * What the discovery document lists as `id_token_signing_alg_values_supported` (the
     * provider's own list, RS256, when absent): Auth0 and Keycloak list HS256 beside RS256,
     * and OpenID Connect Discovery allows `none` where ID tokens come only from the token endpoint.
     */
    advertisedIdTokenAlgs?: string[];
  } = {},
) {
  let handler: http.RequestListener = (_req, res) => res.end();
  let tamper: IdTokenTamper | undefined;
  const server = http.createServer((req, res) => {
    if (opts.advertisedIdTokenAlgs && req.method === 'GET' && req.url === '/.well-known/openid-configuration') {
      const algs = opts.advertisedIdTokenAlgs;
      rewriteJsonAnswer(res, async (body) => ({ ...body, id_token_signing_alg_values_supported: algs }));
    }
    if (tamper && req.method === 'POST' && req.url?.startsWith('/token')) {
      const rewrite = tamper;
      rewriteJsonAnswer(res, async (body) => {
        if (typeof body.id_token !== 'string') return body;
        const header = decodeProtectedHeader(body.id_token) as Record<string, unknown>;
        return { ...body, id_token: await rewrite({ header, claims: decodeJwt(body.id_token) }, sign) };
      });
    }
    return handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const unverified = new Set(opts.unverifiedEmails ?? []);
  const sign = (claims: JWTPayload, header: Record<string, unknown> = { alg: 'RS256', kid: 'test' }) =>
    new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(privateKey);

  const registered = [...clients];
  // Built again when a client is registered: oidc-provider reads its clients once.
  const build = async () => {
    const provider = new Provider(issuer, {
      clients: registered.map((c) => ({
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
  };
  await build();

  return {
    issuer,
    /** Registers a client, as an IT admin does with the console's callback URL once the console has shown it. */
    async register(client: OidcPeerClient) {
      registered.push(client);
      await build();
    },
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
