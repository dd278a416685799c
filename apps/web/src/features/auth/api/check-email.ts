/** GET auth/password/check?email=: the e-mail step. The answer never says whether the account exists. */
import { http } from '../../../lib/http';

export type SsoProvider = 'google' | 'microsoft' | 'oidc';
export const ssoProviders: readonly SsoProvider[] = ['google', 'microsoft', 'oidc'];

export interface CheckResponse {
  user: { email: string; temporary: true };
  ssoData: { required: boolean; providers: SsoProvider[] } | null;
}

export function checkEmail(email: string, signal?: AbortSignal): Promise<CheckResponse> {
  return http<CheckResponse>('auth/password/check', { query: { email }, signal });
}
