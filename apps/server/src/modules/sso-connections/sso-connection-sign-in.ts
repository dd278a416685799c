/**
 * Signing in through an organization's OpenID Connect connection: issuer discovery (through
 * the guarded fetch), the authorization code with PKCE, state and nonce (auth/round-trip.ts,
 * as the console's own providers do), then who the connection may sign in (admission.ts).
 * Each refusal is kept on the connection (its last SSO_REFUSALS_KEPT), in words and without
 * secrets or tokens. "Test connection" runs the same round trip for an Organizational Admin of
 * the organization without opening a session or making anyone: it keeps what arrived.
 */
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import * as oidc from 'openid-client';
import type { Clock } from '../../deps.js';
import { Conflict } from '../../http/errors.js';
import type { DeviceDetails } from '../auth/auth.service.js';
import { beginRoundTrip, claimsOfAnswer } from '../auth/round-trip.js';
import { ConnectionRefusal } from './admission.js';
import { guardedFetch, IssuerAddressRefused } from './issuer-address.js';
import { beginSamlRoundTrip } from './saml-round-trip.js';
import { samlReady } from './saml-view.js';
import type { Finished, SignInConclusion } from './sign-in-conclusion.js';
import type { SsoConnectionRow, SsoConnectionsRepository } from './sso-connections.repository.js';
import { connectionCallbackUrl, connectionNotFound } from './sso-connections.service.js';

/** The algorithms an ID token may be signed with: the provider's published keys, never the client secret. */
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** A value of the provider's answer as a refusal names it: as JSON (a string in quotes), at most 100 characters. */
const shown = (value: unknown) => (JSON.stringify(value) ?? 'nothing').slice(0, 100);
/** A JWT's time (seconds since 1970) as a refusal names it. */
const timeOf = (seconds: unknown) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : shown(seconds);

const unsigned = () =>
  new ConnectionRefusal(
    'unsigned_token',
    'The ID token was not signed (alg none): the identity provider must sign ID tokens with a key it publishes (RS256 or ES256).',
  );
/** An algorithm other than the asymmetric ones: HS256 and its kin are keyed by the client secret, which the console holds too. */
const refusedAlgorithm = (alg: string) =>
  new ConnectionRefusal(
    'wrong_signature',
    alg.startsWith('HS')
      ? `The ID token was signed with ${alg.slice(0, 20)} (keyed by the client secret, which the console holds too) although the provider publishes its keys: sign ID tokens with RS256 or ES256.`
      : `The ID token was signed with ${shown(alg)}, which the console does not accept: sign ID tokens with RS256 or ES256.`,
  );
const foreignSignature = () =>
  new ConnectionRefusal(
    'wrong_signature',
    'The ID token’s signature does not match any key the identity provider publishes (its jwks_uri): it was not signed by this provider.',
  );

/** What oauth4webapi (under openid-client) says of a refused ID token: its code, and a cause naming the claim or header. */
interface TokenCheckError {
  code?: string;
  message?: string;
  cause?: {
    claim?: string;
    expected?: unknown;
    claims?: Record<string, unknown>;
    now?: unknown;
    alg?: unknown;
    header?: { alg?: unknown };
    code?: string;
  };
}

/**
 * What openid-client's refusal of the provider's answer means, for the refusals list: the
 * issuer, audience, expiry and nonce of the ID token are openid-client's checks (oauth4webapi's
 * validateIssuer, validateAudience, validateJwt and validateIdTokenNonce), and a refusal names
 * what arrived and what was expected, so the IT admin sees which setting is wrong.
 */
export function refusalOf(err: unknown): ConnectionRefusal {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ConnectionRefusal) return e;
    if (e instanceof IssuerAddressRefused) return new ConnectionRefusal('issuer_address_refused', e.message);
  }
  // openid-client wraps oauth4webapi's error, whose own cause names the claim or algorithm.
  let error = err as TokenCheckError;
  for (let e = error, depth = 0; e && depth < 5; e = e.cause as TokenCheckError, depth++) {
    if (e.cause && ('claim' in e.cause || 'alg' in e.cause || 'header' in e.cause)) {
      error = e;
      break;
    }
  }
  const { claim, claims = {}, expected } = error.cause ?? {};
  if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'iss')
    return new ConnectionRefusal(
      'issuer_mismatch',
      `The ID token names ${shown(claims.iss)} as its issuer, not the connection’s ${shown(expected)}: check the issuer URL.`,
    );
  if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && (claim === 'aud' || claim === 'azp'))
    return new ConnectionRefusal(
      'audience_mismatch',
      `The ID token was issued for ${shown(claims[claim])}${expected === undefined ? ' among other audiences' : `, not the connection’s client id ${shown(expected)}`}: check the client id.`,
    );
  if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'nonce')
    return new ConnectionRefusal(
      'nonce_mismatch',
      'The ID token was not issued for this sign-in (its nonce is not the one the console sent): a replayed token, or an identity provider that does not return the nonce.',
    );
  if (error.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') {
    const now = timeOf(error.cause?.now);
    return new ConnectionRefusal(
      'token_expired',
      claim === 'nbf'
        ? `The ID token is valid only from ${timeOf(claims.nbf)}, and the console’s clock read ${now}: check the identity provider’s clock.`
        : `The ID token expired at ${timeOf(claims.exp)}, and the console’s clock read ${now}: check the identity provider’s clock.`,
    );
  }
  const alg = error.cause?.alg ?? error.cause?.header?.alg;
  if (alg === 'none' || (error.message ?? '').includes('"alg" value "none"')) return unsigned();
  if (typeof alg === 'string' && !ASYMMETRIC.includes(alg)) return refusedAlgorithm(alg);
  if (/signature/i.test(error.message ?? '')) return foreignSignature();
  // The token endpoint's own error (RFC 6749 5.2), in its body or, for a client it could not
  // authenticate, in a WWW-Authenticate challenge: invalid_client is the client id or secret.
  const answered = err as { code?: string; error?: unknown; error_description?: unknown; cause?: unknown };
  if (answered.code === 'OAUTH_RESPONSE_BODY_ERROR' || answered.code === 'OAUTH_WWW_AUTHENTICATE_CHALLENGE') {
    const challenge = (Array.isArray(answered.cause) && (answered.cause[0] as { parameters?: Record<string, unknown> })?.parameters) || {};
    const said = [answered.error ?? challenge.error, answered.error_description ?? challenge.error_description]
      .filter((v) => typeof v === 'string')
      .join(': ');
    return new ConnectionRefusal(
      'provider_error',
      `The identity provider refused the code exchange (${said.slice(0, 200) || 'no reason given'}): check the client id and secret.`,
    );
  }
  return new ConnectionRefusal(
    'token_refused',
    `The identity provider’s answer was refused as not valid (${(error.message ?? 'no reason given').slice(0, 200)}).`,
  );
}

/**
 * The ID token's signature, checked against the keys the provider publishes, before
 * openid-client reads the answer: openid-client trusts an ID token that came straight from
 * the token endpoint without checking its signature (OpenID Connect allows it over TLS), and
 * checks its `alg` only against the provider's discovery document, which may list HS256
 * (Auth0, Keycloak) or even `none` (Discovery allows it for the code flow). An unsigned token,
 * or one signed with the client secret (HS256) that anyone holding the secret could make, must
 * not pass where the provider publishes keys; this is the only check of either.
 */
async function checkIdTokenSignature(answer: Response, jwksUri: string | undefined, fetchKeys: (url: string) => Promise<Response>) {
  const body = (await answer.json().catch(() => null)) as { id_token?: unknown } | null;
  if (!body || typeof body.id_token !== 'string') return;
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(body.id_token).alg;
  } catch {
    throw new ConnectionRefusal('token_refused', 'The ID token is not a JSON Web Token.');
  }
  if (alg === 'none' || alg === undefined) throw unsigned();
  if (!jwksUri)
    throw new ConnectionRefusal('wrong_signature', 'The identity provider publishes no keys (jwks_uri) to check the ID token with.');
  if (typeof alg !== 'string' || !ASYMMETRIC.includes(alg)) throw refusedAlgorithm(String(alg));
  const keys = await fetchKeys(jwksUri);
  try {
    await compactVerify(body.id_token, createLocalJWKSet((await keys.json()) as JSONWebKeySet), { algorithms: ASYMMETRIC });
  } catch {
    throw foreignSignature();
  }
}

export function createSsoConnectionSignIn(deps: {
  repo: SsoConnectionsRepository;
  /** The round trips in flight (the auth module's sso_login_states). */
  states: Parameters<typeof beginRoundTrip>[0]['repo'];
  /** The way every connection's answer ends (sign-in-conclusion.ts). */
  conclusion: Pick<SignInConclusion, 'takeFor' | 'conclude'>;
  clock: Clock;
  publicUrl: string;
  apiBasePath: string;
  allowLoopback: boolean;
}) {
  const { repo, states, clock } = deps;
  const fetcher = guardedFetch(deps.allowLoopback);
  // Discovered once per connection and issuer in this process (again after a failure or a change).
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function configuration(connection: SsoConnectionRow): Promise<oidc.Configuration> {
    const key = `${connection.id} ${connection.issuer} ${connection.clientId} ${connection.clientSecret}`;
    let pending = discovered.get(key);
    if (!pending) {
      const issuer = new URL(connection.issuer as string);
      pending = oidc
        .discovery(issuer, connection.clientId as string, undefined, oidc.ClientSecretBasic(connection.clientSecret as string), {
          [oidc.customFetch]: fetcher,
          ...(issuer.protocol === 'http:' && deps.allowLoopback ? { execute: [oidc.allowInsecureRequests] } : {}),
          timeout: 10,
        })
        .then((conf) => {
          const { token_endpoint: tokenEndpoint, jwks_uri: jwksUri } = conf.serverMetadata();
          const getKeys = (url: string) => fetcher(url, { method: 'GET', headers: { accept: 'application/json' } } as never);
          conf[oidc.customFetch] = async (url, options) => {
            const answer = await fetcher(url, options);
            if (url === tokenEndpoint && answer.ok) await checkIdTokenSignature(answer.clone(), jwksUri, getKeys);
            return answer;
          };
          return conf;
        });
      for (const old of discovered.keys()) if (old.startsWith(`${connection.id} `)) discovered.delete(old);
      discovered.set(key, pending);
      pending.catch(() => discovered.delete(key));
    }
    return pending.catch((err) => {
      const refusal = refusalOf(err);
      throw refusal.reason === 'issuer_address_refused'
        ? refusal
        : new ConnectionRefusal(
            'discovery_failed',
            `The issuer’s discovery document could not be read at ${connection.issuer}: check the issuer URL.`,
          );
    });
  }
  /** The provider's answer checked (state, PKCE, nonce, issuer, audience, signature, expiry) to its claims. */
  async function claimsOf(connection: SsoConnectionRow, callback: URL, pending: { codeVerifier: string; nonce: string }, state: string) {
    if (callback.searchParams.has('error')) {
      throw new ConnectionRefusal('provider_error', `The identity provider answered ${callback.searchParams.get('error')?.slice(0, 100)}.`);
    }
    const conf = await configuration(connection);
    try {
      return await claimsOfAnswer(conf, callback, pending, state);
    } catch (err) {
      throw refusalOf(err);
    }
  }

  const { takeFor, conclude } = deps.conclusion;

  return {
    /** The provider's authorization URL for this browser, and the state its cookie must hold. */
    async start(connectionId: string, redirectPath: string, test?: { organizationId: string; userId: string }) {
      const connection = await repo.findForSignIn(connectionId);
      if (!connection || (test && connection.organizationId !== test.organizationId)) throw connectionNotFound();
      if (!connection.enabled && !test) throw connectionNotFound();
      const kept = { redirectPath, testBy: test?.userId ?? null };
      if (connection.kind === 'saml') {
        if (!samlReady(connection))
          throw new Conflict('Set up the SAML identity provider first: give its metadata.', 'SSO_CONNECTION_INCOMPLETE');
        return { ...(await beginSamlRoundTrip({ ...deps, repo: states, clock }, connection, kept)), binding: 'saml' as const };
      }
      let conf: oidc.Configuration;
      try {
        conf = await configuration(connection);
      } catch (err) {
        if (!(err instanceof ConnectionRefusal)) throw err;
        // Answered, not kept: a refused request changes nothing, and "Test connection" shows it to the admins.
        throw new Conflict(err.message, 'SSO_FAILED');
      }
      const started = await beginRoundTrip(
        { repo: states, clock },
        conf,
        { provider: 'connection', connectionId, ...kept },
        { redirectUri: connectionCallbackUrl(deps.publicUrl, deps.apiBasePath, connectionId) },
      );
      return { ...started, binding: 'oidc' as const };
    },

    /** The OpenID Connect callback: its round trip taken, the provider's answer read, then `conclude`. */
    async finish(connectionId: string, query: string, cookieState: string | undefined, device: DeviceDetails): Promise<Finished> {
      const callback = new URL(connectionCallbackUrl(deps.publicUrl, deps.apiBasePath, connectionId));
      callback.search = query;
      const connection = await repo.findForSignIn(connectionId);
      if (connection?.kind !== 'oidc') return { outcome: 'refused', code: 'SSO_FAILED' };
      return conclude(connection, device, async (seen) => {
        seen.pending = await takeFor(connection, callback, cookieState);
        seen.claims = await claimsOf(connection, callback, seen.pending, callback.searchParams.get('state') as string);
      });
    },
  };
}

export type SsoConnectionSignIn = ReturnType<typeof createSsoConnectionSignIn>;
