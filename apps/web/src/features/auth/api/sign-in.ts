/**
 * The ways to an idToken on a first page: the e-mail step (GET auth/password/check, whose
 * answer never says whether the account exists), the password step (POST auth/sign-in), a
 * one-time sign-in link (POST auth/custom), and the single sign-on trip's address.
 */
import type { SsoProvider } from '@console/contracts/auth';
import { firstPageRoutes as routes } from '@console/contracts/auth-constants';
import { api, apiHref } from '../../../lib/api';
import { withLinkToken } from './link-token';

export function checkEmail(email: string, signal?: AbortSignal) {
  return api(routes.checkEmail, { params: { provider: 'password' }, query: { email } }, { signal });
}

export function signInWithPassword(email: string, password: string) {
  return api(routes.signIn, { body: { email, password } });
}

export function redeemSignInLink(token: string) {
  return withLinkToken(api(routes.redeemSignInLink, { body: { token } }));
}

/** GET auth/{provider}/start: a full-page trip to the provider, back to /auth/{provider}/success. */
export function ssoStartUrl(provider: SsoProvider, redirect: string, email?: string): string {
  return apiHref(routes.startSso, { params: { provider }, query: { redirect, email } });
}

/** POST auth/sso/discover: the enabled connections of the address's verified domain (none: a password). */
export function discoverConnections(email: string, signal?: AbortSignal) {
  return api(routes.discoverSso, { body: { email } }, { signal });
}

/** GET auth/sso/connections/{id}/start: a full-page trip to the organization's identity provider. */
export function ssoConnectionStartUrl(id: string, redirect: string): string {
  return apiHref(routes.startSsoConnection, { params: { id }, query: { redirect } });
}
