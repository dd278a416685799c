/**
 * Single sign-on through OpenID Connect: authorization code flow with PKCE, state and
 * nonce. The round trip's secrets wait in the database (any replica may receive the
 * callback); a cookie with the state ties the callback to the browser that started it.
 * People must already have an account: they are matched by e-mail.
 */
import type { SsoProvider } from '@console/contracts';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import type { Clock } from '../../deps.js';
import { AppError, NotFound } from '../../http/errors.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthRepository, Principal } from './auth.repository.js';
import type { AuthService, DeviceDetails } from './auth.service.js';
import { beginRoundTrip, claimsOfAnswer, RoundTripRefused, takeRoundTrip } from './round-trip.js';
import type { SsoRepository } from './sso.repository.js';
import { ssoProviderSettings } from './sso-config.js';

export const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A failed round trip; `code` goes to the web app's error page. */
export class SsoError extends Error {
  constructor(
    readonly code: 'SSO_FAILED' | 'USER_NOT_FOUND' | 'NOT_AUTHORIZED',
    message: string,
  ) {
    super(message);
  }
}

export function ssoCallbackUrl(config: Config, provider: SsoProvider): string {
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}${config.API_BASE_PATH}/auth/${provider}/callback`;
}

/** The providers' metadata, discovered once per process (again after a failure). */
export function createSsoClients(config: Config) {
  const settings = ssoProviderSettings(config);
  const discovered = new Map<SsoProvider, Promise<oidc.Configuration>>();
  return {
    async configuration(provider: SsoProvider): Promise<oidc.Configuration> {
      const s = settings.find((x) => x.provider === provider);
      if (!s) throw new NotFound(`Single sign-on with ${provider} is not configured.`);
      let pending = discovered.get(provider);
      if (!pending) {
        const issuer = new URL(s.issuer);
        // Plain HTTP only for a provider on this machine (tests, local development).
        const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
        pending = oidc.discovery(issuer, s.clientId, undefined, oidc.ClientSecretBasic(s.clientSecret), {
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          timeout: 10,
        });
        discovered.set(provider, pending);
        pending.catch(() => discovered.delete(provider));
      }
      return pending;
    },
  };
}
export type SsoClients = ReturnType<typeof createSsoClients>;

export interface SsoServiceDeps {
  repo: SsoRepository;
  users: AuthRepository;
  /** The users module: a good sign-in is recorded on the user. */
  signIns: Pick<UsersService, 'recordSignIn'>;
  auth: Pick<AuthService, 'startSession'>;
  clock: Clock;
  config: Config;
}

export function createSsoService({ repo, users, signIns, auth, clock, config }: SsoServiceDeps) {
  const clients = createSsoClients(config);

  /** The provider's answer, checked (state, PKCE, nonce, signature), to the person it names. */
  async function personOf(
    provider: SsoProvider,
    query: string,
    cookieState: string | undefined,
  ): Promise<{ principal: Principal; redirectPath: string }> {
    const callback = new URL(ssoCallbackUrl(config, provider));
    callback.search = query;
    let taken: Awaited<ReturnType<typeof takeRoundTrip>>;
    try {
      taken = await takeRoundTrip({ repo, clock }, callback, cookieState, (p) => p.provider === provider && p.connectionId === null);
    } catch (err) {
      if (err instanceof RoundTripRefused) throw new SsoError('SSO_FAILED', err.message);
      throw err;
    }
    const { pending, state } = taken;
    if (callback.searchParams.has('error'))
      throw new SsoError('SSO_FAILED', `The provider answered ${callback.searchParams.get('error')}.`);

    let claims: Record<string, unknown> | undefined;
    try {
      claims = await claimsOfAnswer(await clients.configuration(provider), callback, pending, state);
    } catch (err) {
      throw new SsoError('SSO_FAILED', `The provider's answer was refused: ${(err as Error).message}`);
    }
    // Microsoft work accounts may carry the address only as preferred_username.
    const email = claims?.email ?? (provider === 'microsoft' ? claims?.preferred_username : undefined);
    if (typeof email !== 'string' || claims?.email_verified === false) {
      throw new SsoError('SSO_FAILED', 'The provider did not give a verified e-mail address.');
    }
    const row = await users.findSignInUserByEmail(email);
    if (!row) throw new SsoError('USER_NOT_FOUND', 'User was not found');
    const { passwordHash: _p, lockedUntil: _l, ...principal } = row;
    return { principal, redirectPath: pending.redirectPath };
  }

  return {
    /** The provider's authorization URL for this browser, and the state its cookie must hold. */
    async start(provider: SsoProvider, redirectPath: string, loginHint?: string) {
      const conf = await clients.configuration(provider);
      return beginRoundTrip(
        { repo, clock },
        conf,
        { provider, redirectPath },
        { redirectUri: ssoCallbackUrl(config, provider), loginHint },
      );
    },

    /**
     * The callback: the person the provider names, admitted, gets a session; throws an
     * SsoError (or NOT_AUTHORIZED, APP_ACCOUNT) for the web app's error page.
     */
    async finish(provider: SsoProvider, query: string, cookieState: string | undefined, device: DeviceDetails) {
      const { principal, redirectPath } = await personOf(provider, query, cookieState);
      const session = await auth.startSession(principal, provider, device);
      await signIns.recordSignIn(principal.userId, clock.now());
      return { ...session, redirectPath };
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;

export function isSsoError(err: unknown): err is SsoError | AppError {
  return err instanceof SsoError || (err instanceof AppError && (err.code === 'NOT_AUTHORIZED' || err.code === 'APP_ACCOUNT'));
}
