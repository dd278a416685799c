/** POST auth: opens the browser session from an idToken; the server sets the cookies. */
import type { AuthenticatedUser } from '@console/contracts/auth';
import { http } from '../../../lib/http';

export function deviceInfo() {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    userAgent: nav.userAgent.slice(0, 500),
    platform: (nav.userAgentData?.platform || nav.platform || '').slice(0, 100) || undefined,
    language: nav.language?.slice(0, 35),
  };
}

export async function createSession(idToken: string, email: string): Promise<AuthenticatedUser> {
  const { user } = await http<{ user: AuthenticatedUser }>('auth', { method: 'POST', body: { idToken, email, deviceInfo: deviceInfo() } });
  return user;
}

/** The e-mail claim of an idToken (a JWT), for flows that start without one (sign-in links). */
export function emailOfIdToken(idToken: string): string | undefined {
  const payload = idToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : undefined;
  } catch {
    return undefined;
  }
}
