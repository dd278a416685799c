/** GET auth/password/check?email=: the e-mail step. The answer never says whether the account exists. */
import type { CheckResponse } from '@console/contracts/auth';
import { http } from '../../../lib/http';

export function checkEmail(email: string, signal?: AbortSignal): Promise<CheckResponse> {
  return http<CheckResponse>('auth/password/check', { query: { email }, signal });
}
