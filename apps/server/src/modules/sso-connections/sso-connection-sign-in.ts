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
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import { AppError, Conflict } from '../../http/errors.js';
import type { AuthService, DeviceDetails } from '../auth/auth.service.js';
import { beginRoundTrip, RoundTripRefused, takeRoundTrip } from '../auth/round-trip.js';
import { recordEvent, systemActor } from '../events/record.js';
import type { UsersService } from '../users/users.service.js';
import { type Admission, ConnectionRefusal, type ConnectionRules, type createAdmission } from './admission.js';
import { guardedFetch, IssuerAddressRefused } from './issuer-address.js';
import type { SsoConnectionRow, SsoConnectionsRepository } from './sso-connections.repository.js';
import { connectionCallbackUrl, connectionNotFound } from './sso-connections.service.js';

/** What openid-client's refusal of the provider's answer means, for the refusals list. */
export function refusalOf(err: unknown): ConnectionRefusal {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ConnectionRefusal) return e;
    if (e instanceof IssuerAddressRefused) return new ConnectionRefusal('issuer_address_refused', e.message);
  }
  // openid-client wraps oauth4webapi's error, whose own cause names the claim or algorithm.
  let error = err as { code?: string; message?: string; cause?: { claim?: string; alg?: string; code?: string } };
  for (let e = error, depth = 0; e && depth < 5; e = e.cause as typeof error, depth++) {
    if (e.cause && ('claim' in e.cause || 'alg' in e.cause)) {
      error = e;
      break;
    }
  }
  const claim = error.cause?.claim;
  if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'iss')
    return new ConnectionRefusal('issuer_mismatch', 'The ID token names another issuer than the connection’s: check the issuer URL.');
  if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'aud')
    return new ConnectionRefusal('audience_mismatch', 'The ID token was issued for another client: check the client id.');
  if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'nonce')
    return new ConnectionRefusal('nonce_mismatch', 'The ID token was not issued for this sign-in (its nonce differs): it may be replayed.');
  if (error.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
    return new ConnectionRefusal(
      'token_expired',
      'The ID token has expired or is not yet valid: check the clocks of the identity provider.',
    );
  const alg = error.cause?.alg;
  if (alg === 'none' || (error.message ?? '').includes('"alg" value "none"'))
    return new ConnectionRefusal('unsigned_token', 'The ID token was not signed (alg none).');
  if (typeof alg === 'string' && alg.startsWith('HS'))
    return new ConnectionRefusal(
      'wrong_signature',
      `The ID token was signed with ${alg} (a shared secret) although the provider publishes its keys: sign with RS256 or ES256.`,
    );
  if (/signature/i.test(error.message ?? ''))
    return new ConnectionRefusal('wrong_signature', 'The ID token’s signature does not match the keys the identity provider publishes.');
  if (error.code === 'OAUTH_RESPONSE_BODY_ERROR')
    return new ConnectionRefusal('provider_error', 'The identity provider refused the code exchange: check the client id and secret.');
  return new ConnectionRefusal('token_refused', 'The identity provider’s answer was refused as not valid.');
}

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * The ID token's signature, checked against the keys the provider publishes, before
 * openid-client reads the answer: openid-client trusts an ID token that came straight from
 * the token endpoint without checking its signature (OpenID Connect allows it over TLS), and
 * an unsigned token, or one signed with the client secret (HS256) that anyone holding the
 * secret could make, must not pass where the provider publishes keys.
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
  if (alg === 'none' || alg === undefined) throw new ConnectionRefusal('unsigned_token', 'The ID token was not signed (alg none).');
  if (!jwksUri)
    throw new ConnectionRefusal('wrong_signature', 'The identity provider publishes no keys (jwks_uri) to check the ID token with.');
  if (typeof alg !== 'string' || !ASYMMETRIC.includes(alg)) {
    throw new ConnectionRefusal(
      'wrong_signature',
      `The ID token was signed with ${String(alg).slice(0, 20)} (a shared secret) although the provider publishes its keys: sign ID tokens with RS256 or ES256.`,
    );
  }
  const keys = await fetchKeys(jwksUri);
  try {
    await compactVerify(body.id_token, createLocalJWKSet((await keys.json()) as JSONWebKeySet), { algorithms: ASYMMETRIC });
  } catch {
    throw new ConnectionRefusal('wrong_signature', 'The ID token’s signature does not match the keys the identity provider publishes.');
  }
}

const rulesOf = (c: SsoConnectionRow): ConnectionRules => ({
  id: c.id,
  organizationId: c.organizationId,
  jit: c.jit,
  jitRole: c.jitRole,
  groupRoles: c.groupRoles,
});

/** Claims to keep in a test's result: what the provider said, without tokens or hashes of them. */
const shownClaims = (claims: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(claims).filter(([k]) => !['at_hash', 'c_hash', 'sid', 'nonce'].includes(k)));

export function createSsoConnectionSignIn(deps: {
  db: Db;
  repo: SsoConnectionsRepository;
  /** The round trips in flight (the auth module's sso_login_states). */
  states: Parameters<typeof beginRoundTrip>[0]['repo'];
  admit: ReturnType<typeof createAdmission>;
  users: Pick<UsersService, 'create' | 'recordSignIn'>;
  auth: Pick<AuthService, 'startSession'>;
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

  async function refuse(connectionId: string, refusal: ConnectionRefusal) {
    await repo.insertRefusal({ connectionId, at: clock.now(), reasonCode: refusal.reason, reason: refusal.message });
  }

  /** The provider's answer checked (state, PKCE, nonce, issuer, audience, signature, expiry) to its claims. */
  async function claimsOf(connection: SsoConnectionRow, callback: URL, pending: { codeVerifier: string; nonce: string }, state: string) {
    if (callback.searchParams.has('error')) {
      throw new ConnectionRefusal('provider_error', `The identity provider answered ${callback.searchParams.get('error')?.slice(0, 100)}.`);
    }
    const conf = await configuration(connection);
    try {
      const tokens = await oidc.authorizationCodeGrant(conf, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      // Some providers put the e-mail only in the userinfo answer, not the ID token.
      return idToken.email ? { ...idToken } : { ...(await oidc.fetchUserInfo(conf, tokens.access_token, idToken.sub)), sub: idToken.sub };
    } catch (err) {
      throw refusalOf(err);
    }
  }

  return {
    /** The provider's authorization URL for this browser, and the state its cookie must hold. */
    async start(connectionId: string, redirectPath: string, test?: { organizationId: string; userId: string }) {
      const connection = await repo.findForSignIn(connectionId);
      if (!connection || (test && connection.organizationId !== test.organizationId)) throw connectionNotFound();
      if (connection.kind !== 'oidc' || (!connection.enabled && !test)) throw connectionNotFound();
      let conf: oidc.Configuration;
      try {
        conf = await configuration(connection);
      } catch (err) {
        if (!(err instanceof ConnectionRefusal)) throw err;
        // Answered, not kept: a refused request changes nothing, and "Test connection" shows it to the admins.
        throw new Conflict(err.message, 'SSO_FAILED');
      }
      return beginRoundTrip(
        { repo: states, clock },
        conf,
        { provider: 'connection', connectionId, testBy: test?.userId ?? null, redirectPath },
        { redirectUri: connectionCallbackUrl(deps.publicUrl, deps.apiBasePath, connectionId) },
      );
    },

    /**
     * The callback: a session for the person the connection vouches for, or (a test) what
     * arrived kept on the connection. `outcome` says which; a refusal is kept and answered.
     */
    async finish(connectionId: string, query: string, cookieState: string | undefined, device: DeviceDetails) {
      const callback = new URL(connectionCallbackUrl(deps.publicUrl, deps.apiBasePath, connectionId));
      callback.search = query;
      const connection = await repo.findForSignIn(connectionId);
      if (!connection) return { outcome: 'refused' as const, code: 'SSO_FAILED' };
      let taken: Awaited<ReturnType<typeof takeRoundTrip>> | undefined;
      let admission: Admission | undefined;
      let claims: Record<string, unknown> | undefined;
      try {
        try {
          taken = await takeRoundTrip({ repo: states, clock }, callback, cookieState, (p) => p.connectionId === connectionId);
        } catch (err) {
          if (err instanceof RoundTripRefused) throw new ConnectionRefusal(err.reason, err.message);
          throw err;
        }
        if (!connection.enabled && !taken.pending.testBy) throw new ConnectionRefusal('connection_disabled', 'The connection is disabled.');
        claims = await claimsOf(connection, callback, taken.pending, taken.state);
        admission = await deps.admit(rulesOf(connection), claims);
      } catch (err) {
        if (!(err instanceof ConnectionRefusal)) throw err;
        await refuse(connection.id, err);
        if (taken?.pending.testBy) {
          await repo.saveTest(connection.id, {
            at: clock.now().toISOString(),
            outcome: 'refused',
            reasonCode: err.reason,
            reason: err.message,
            claims: claims ? shownClaims(claims) : null,
            profile: null,
          });
          return { outcome: 'tested' as const, connectionId };
        }
        const code = err.reason === 'unknown_person' || err.reason === 'domain_not_verified' ? 'USER_NOT_FOUND' : 'SSO_FAILED';
        return { outcome: 'refused' as const, code };
      }

      if (taken.pending.testBy) {
        await repo.saveTest(connection.id, {
          at: clock.now().toISOString(),
          outcome: 'passed',
          reasonCode: null,
          reason: null,
          claims: shownClaims(claims),
          profile: { ...admission.profile, existing: admission.kind === 'existing' },
        });
        return { outcome: 'tested' as const, connectionId };
      }

      let principal = admission.kind === 'existing' ? admission.principal : undefined;
      if (admission.kind === 'create') {
        const user = admission.user;
        await deps.db.transaction(async (tx) => {
          const id = await deps.users.create({ ...user, signInProvider: 'oidc' }, tx);
          await recordEvent(tx, {
            action: 'user.created',
            organizationId: user.organizationId,
            actor: { ...systemActor, name: connection.name },
            targets: [{ type: 'user', id, name: user.displayName }],
            data: { via: 'sso_connection', connectionId: connection.id, role: user.role },
          });
        });
        principal =
          (await deps.admit(rulesOf(connection), claims).then((a) => (a.kind === 'existing' ? a.principal : undefined))) ?? undefined;
      }
      if (!principal) return { outcome: 'refused' as const, code: 'SSO_FAILED' };
      try {
        const session = await deps.auth.startSession(principal, 'oidc', device);
        await deps.users.recordSignIn(principal.userId, clock.now());
        return { outcome: 'signed_in' as const, session, redirectPath: taken.pending.redirectPath };
      } catch (err) {
        // A person of the platform's app is told so on the error page (APP_ACCOUNT), as the console's own single sign-on does.
        if (!(err instanceof AppError) || (err.code !== 'NOT_AUTHORIZED' && err.code !== 'APP_ACCOUNT')) throw err;
        await refuse(
          connection.id,
          new ConnectionRefusal(
            principal.userDisabledAt ? 'disabled_person' : 'not_console_role',
            principal.userDisabledAt
              ? `${principal.email} is deactivated in the console.`
              : `${principal.email} signed in at the identity provider; their role does not use this console, only the platform's app.`,
          ),
        );
        return { outcome: 'refused' as const, code: err.code as 'NOT_AUTHORIZED' | 'APP_ACCOUNT' };
      }
    },
  };
}

export type SsoConnectionSignIn = ReturnType<typeof createSsoConnectionSignIn>;
