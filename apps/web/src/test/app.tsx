/** Renders the whole app (routes, guards, layout) in memory against a scripted API. */
import type { AuthenticatedUser } from '@console/contracts/auth';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers';
import { buildRoutes } from '../app/routes';
import { writeCookie } from '../lib/cookies';
import { queryClient } from '../lib/query-client';
import { contractRoute, contractViolation, recordViolation, successStatus } from './contract-replies';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
type Reply = { status?: number; body?: unknown } | undefined;
type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/**
 * Stubs fetch: `handlers['POST /api/auth']`, else 404 in the API's envelope. Returns the calls
 * made. A handler's status defaults to its route's success status, and every answer is checked
 * against the contracts (test/contract-replies.ts).
 */
export function fakeApi(handlers: Record<string, Handler>) {
  for (const key of Object.keys(handlers)) {
    const [method, pathname] = key.split(' ');
    if (!contractRoute(method, pathname)) throw new Error(`fakeApi: the handler '${key}' is for no route of @console/contracts`);
  }
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, window.location.origin);
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      // An upload's FormData as it is; any other body is JSON.
      body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${url.pathname}`];
    const res = (await handler?.(call)) ?? { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'No route' } };
    const status = res.status ?? successStatus(contractRoute(call.method, url.pathname)?.def);
    // The body as the app will read it (what JSON keeps of it), checked against the contract.
    const text = res.body === undefined ? null : JSON.stringify(res.body);
    const violation = contractViolation(call.method, url.pathname, status, text === null ? undefined : JSON.parse(text));
    if (violation) {
      recordViolation(violation);
      throw new Error(violation);
    }
    return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

export const appConfig = { productName: 'Workframe', ssoProviders: [], platformAppUrl: null };

export function user(overrides: Partial<AuthenticatedUser> = {}): AuthenticatedUser {
  return {
    uid: '00000000-0000-4000-8000-000000000001',
    displayName: 'Ada Admin',
    email: 'admin@acme.example',
    role: 'org_admin',
    allowedRoleTypes: [],
    signInProvider: 'password',
    organizationId: '00000000-0000-4000-8000-000000000002',
    organizationName: 'Acme',
    isStaff: false,
    locale: null,
    expirationTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    ...overrides,
  };
}

/** What the server's Set-Cookie does for the readable cookie after POST /auth. */
export function setUserInfoCookie(u: AuthenticatedUser): void {
  const info = {
    displayName: u.displayName,
    email: u.email,
    role: u.role,
    allowedRoleTypes: u.allowedRoleTypes,
    signInProvider: u.signInProvider,
    isStaff: u.isStaff,
    expirationTime: u.expirationTime,
  };
  writeCookie('userInfo', JSON.stringify(info), 3);
}

export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** A staff member of the provider (Super area); `['read']` for a read-only one. */
export function staff(allowedRoleTypes: AuthenticatedUser['allowedRoleTypes'] = ['read', 'update']): AuthenticatedUser {
  return user({
    displayName: 'Sam Staff',
    email: 'sam@workframe.io',
    allowedRoleTypes,
    signInProvider: 'custom',
    isStaff: true,
    organizationName: 'Workframe Staff',
  });
}

/** The API's answer to a call once the session has ended: 401 SESSION_REVOKED, with its reason when given. */
export const sessionRevokedReply = (reason?: string): Reply => ({
  status: 401,
  body: { statusCode: 401, code: 'SESSION_REVOKED', message: 'closed', ...(reason ? { details: { reason } } : {}) },
});

/** The POSTs a screen sent of its own: every signed-in page also reports activity (the guards), which is not the screen's. */
export const screenPosts = <C extends { method: string; path: string }>(calls: C[]): C[] =>
  calls.filter((c) => c.method === 'POST' && c.path !== '/api/auth/track-activity');

export type Persona = 'orgAdmin' | 'staff' | 'staffReader' | AuthenticatedUser;

function personaUser(as: Persona): AuthenticatedUser {
  if (as === 'orgAdmin') return user();
  if (as === 'staff') return staff();
  if (as === 'staffReader') return staff(['read']);
  return as;
}

/**
 * The one way a test opens a screen as someone signed in: the readable cookie set, the
 * app config, `auth/me` and `auth/track-activity` answered for that person, then the handlers the screen needs.
 * Returns the calls made and the router.
 */
export function renderSignedIn(path: string, { as = 'orgAdmin', api = {} }: { as?: Persona; api?: Record<string, Handler> } = {}) {
  const who = personaUser(as);
  setUserInfoCookie(who);
  const calls = fakeApi({
    'GET /api/app-config': () => ({ body: appConfig }),
    'GET /api/auth/me': () => ({ body: { user: who } }),
    // Every signed-in page reports the person's activity (the guards).
    'POST /api/auth/track-activity': () => ({ body: { lastActivityAt: new Date().toISOString() } }),
    ...api,
  });
  const router = renderApp(path);
  return { calls, router, user: who };
}
