/**
 * One OpenID Connect round trip (authorization code with PKCE, state and nonce), whoever
 * the provider is: the console's own (sso.service.ts) or an organization's connection
 * (modules/sso-connections). The round trip's secrets wait in the database (any replica may
 * receive the callback); a cookie with the state ties the callback to the browser that
 * started it, and each round trip can be finished once.
 */
import * as oidc from 'openid-client';
import type { Clock } from '../../deps.js';
import { hashSecret } from '../../http/secrets.js';
import type { SsoLoginState, SsoRepository } from './sso.repository.js';

export const ROUND_TRIP_MS = 10 * 60_000;

export type PendingRoundTrip = NonNullable<Awaited<ReturnType<SsoRepository['takeLoginState']>>>;

/** Why a round trip could not be finished before the provider's answer was even read. */
export class RoundTripRefused extends Error {
  constructor(
    readonly reason: 'state_mismatch' | 'expired_round_trip',
    message: string,
  ) {
    super(message);
  }
}

/** Starts a round trip: its secrets kept, the provider's authorization URL and the state the browser's cookie must hold. */
export async function beginRoundTrip(
  deps: { repo: SsoRepository; clock: Clock },
  conf: oidc.Configuration,
  kept: Omit<SsoLoginState, 'stateHash' | 'codeVerifier' | 'nonce' | 'expiresAt'>,
  params: { redirectUri: string; loginHint?: string },
) {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await deps.repo.insertLoginState({
    ...kept,
    stateHash: hashSecret(state),
    codeVerifier,
    nonce,
    expiresAt: new Date(deps.clock.now().getTime() + ROUND_TRIP_MS),
  });
  const url = oidc.buildAuthorizationUrl(conf, {
    redirect_uri: params.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(params.loginHint ? { login_hint: params.loginHint } : {}),
  });
  return { url: url.href, state, maxAgeSeconds: ROUND_TRIP_MS / 1000 };
}

/**
 * Takes the round trip the callback's state names, when this browser started it and it is
 * still fresh; `belongs` says whether it is this callback's (its provider or connection).
 */
export async function takeRoundTrip(
  deps: { repo: SsoRepository; clock: Clock },
  callback: URL,
  cookieState: string | undefined,
  belongs: (pending: PendingRoundTrip) => boolean,
): Promise<{ pending: PendingRoundTrip; state: string }> {
  const state = callback.searchParams.get('state');
  if (!state || !cookieState || state !== cookieState)
    throw new RoundTripRefused('state_mismatch', 'The sign-in did not start in this browser.');
  const pending = await deps.repo.takeLoginState(hashSecret(state));
  if (!pending || !belongs(pending) || pending.expiresAt <= deps.clock.now()) {
    throw new RoundTripRefused('expired_round_trip', 'The sign-in took too long or was already used.');
  }
  return { pending, state };
}
