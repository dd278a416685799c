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

type Kept = Omit<SsoLoginState, 'stateHash' | 'codeVerifier' | 'nonce' | 'expiresAt'>;

/**
 * Keeps a round trip's secrets until its answer (ROUND_TRIP_MS), the state by its hash: the
 * one way OpenID Connect's and SAML's round trips are kept. SAML has no PKCE and keeps its
 * AuthnRequest's ID as the nonce: InResponseTo binds the Response to our request as the
 * nonce binds an ID token.
 */
export async function keepRoundTrip(
  deps: { repo: Pick<SsoRepository, 'insertLoginState'>; clock: Clock },
  kept: Kept,
  secrets: { state: string; codeVerifier: string; nonce: string },
) {
  await deps.repo.insertLoginState({
    ...kept,
    stateHash: hashSecret(secrets.state),
    codeVerifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    expiresAt: new Date(deps.clock.now().getTime() + ROUND_TRIP_MS),
  });
  return { state: secrets.state, maxAgeSeconds: ROUND_TRIP_MS / 1000 };
}

/** Starts a round trip: its secrets kept, the provider's authorization URL and the state the browser's cookie must hold. */
export async function beginRoundTrip(
  deps: { repo: SsoRepository; clock: Clock },
  conf: oidc.Configuration,
  kept: Kept,
  params: { redirectUri: string; loginHint?: string },
) {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const held = await keepRoundTrip(deps, kept, { state, codeVerifier, nonce });
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
  return { url: url.href, ...held };
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
  // The state alone proves nothing: an attacker's own round trip has one too. Only this browser's cookie ties it to this person.
  if (!cookieState)
    throw new RoundTripRefused(
      'state_mismatch',
      'The answer reached a browser with no sign-in in progress (no state cookie): a sign-in started elsewhere, cookies blocked, or an answer meant for someone else. The person should start again from the console’s sign-in page.',
    );
  if (!state || state !== cookieState)
    throw new RoundTripRefused(
      'state_mismatch',
      'The answer does not carry the state of this browser’s sign-in: a sign-in started in another tab or browser, or someone else’s answer sent to this browser to sign it in as them. The person should start again from the console’s sign-in page.',
    );
  const pending = await deps.repo.takeLoginState(hashSecret(state));
  if (!pending || !belongs(pending) || pending.expiresAt <= deps.clock.now()) {
    throw new RoundTripRefused(
      'expired_round_trip',
      'The sign-in took more than 10 minutes, was already finished, or was never started by the console: the person should start again from the console’s sign-in page.',
    );
  }
  return { pending, state };
}

/**
 * Finishes a round trip: the provider's answer checked (state, PKCE, nonce, issuer, audience,
 * signature, expiry) to the person's claims. Some providers put the e-mail only in the
 * userinfo answer, not the ID token; then the claims are that answer, with the token's subject.
 */
export async function claimsOfAnswer(
  conf: oidc.Configuration,
  callback: URL,
  pending: { codeVerifier: string; nonce: string },
  state: string,
): Promise<Record<string, unknown>> {
  const tokens = await oidc.authorizationCodeGrant(conf, callback, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims()!;
  return idToken.email ? { ...idToken } : { ...(await oidc.fetchUserInfo(conf, tokens.access_token, idToken.sub)), sub: idToken.sub };
}
