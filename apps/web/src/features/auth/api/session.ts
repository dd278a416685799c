/**
 * The browser session: POST auth opens it from an idToken (the server sets the cookies),
 * GET auth/me reads it (checked by the server), DELETE logout ends it. Zod-free
 * definitions (firstPageRoutes): every page's guard and the sign-in page call these.
 */
import { firstPageRoutes as routes } from '@console/contracts/auth-constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const sessionKeys = {
  all: ['auth'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

export function deviceInfo() {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    userAgent: nav.userAgent.slice(0, 500),
    platform: (nav.userAgentData?.platform || nav.platform || '').slice(0, 100) || undefined,
    language: nav.language?.slice(0, 35),
  };
}

export async function createSession(idToken: string, email: string) {
  const { user } = await api(routes.createSession, { body: { idToken, email, deviceInfo: deviceInfo() } });
  return user;
}

export const meQuery = queryOptions({
  queryKey: sessionKeys.me(),
  queryFn: ({ signal }) => api(routes.me, {}, { signal }).then((r) => r.user),
  staleTime: 60_000,
  retry: false,
});

export function useMe() {
  return useQuery(meQuery);
}

export function logout(opts: { quiet?: boolean } = {}) {
  return api(routes.logout, {}, { quiet: opts.quiet });
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
