/**
 * Holds the scripted API (fakeApi) to the contracts: every answer it gives is checked against
 * the route of @console/contracts that the request's method and path name. A success is
 * checked with the route's response schema (at the route's success status), a failure with
 * the error envelope. So when a contract changes shape, the web tests that fake the old shape
 * fail instead of passing against an answer the server no longer gives.
 *
 * A violation makes the request fail and is kept until the test ends, when setup.ts fails
 * the test with it: the app may catch a failed request (an error notice is behaviour some
 * tests look for), so the request's failure alone would not reach the test.
 */
import { errorEnvelope } from '@console/contracts/errors';
import type { RouteDef } from '@console/contracts/route';
import { allRoutes } from '@console/contracts/route-tables';
import { API_BASE } from '../lib/http';

interface ContractRoute {
  name: string;
  def: RouteDef;
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A written segment wins over a parameter (`/organization/planTypes` is not
 * `/organization/:id`), so routes with fewer parameters are tried first.
 */
const contractRoutes: ContractRoute[] = allRoutes()
  .map(({ name, def }) => ({
    name,
    def,
    params: (def.path.match(/:\w+/g) ?? []).length,
    pattern: new RegExp(`^${escapeRegExp(API_BASE + def.path).replace(/:\w+/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.params - b.params);

/** The contract route a request goes to, from its method and path (without the query). */
export function contractRoute(method: string, pathname: string): { name: string; def: RouteDef } | undefined {
  return contractRoutes.find((r) => r.def.method === method && r.pattern.test(pathname));
}

/** The status an answer has when the fake gives none: the route's success status. */
export function successStatus(def: RouteDef | undefined): number {
  return def?.status ?? 200;
}

function issues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((issue) => `  - ${issue.path.length ? issue.path.map(String).join('.') : '(the body)'}: ${issue.message}`)
    .join('\n');
}

/** What is wrong with this answer to `method pathname`, or undefined when it is the contract's. */
export function contractViolation(method: string, pathname: string, status: number, body: unknown): string | undefined {
  const request = `${method} ${pathname}`;
  const route = contractRoute(method, pathname);
  if (!route) return `fakeApi: ${request} is no route of @console/contracts`;
  const { name, def } = route;
  if (status >= 400) {
    const parsed = errorEnvelope.safeParse(body);
    return parsed.success
      ? undefined
      : `fakeApi: ${request} (${name}) answered ${status} with a body that is not the error envelope:\n${issues(parsed.error)}`;
  }
  const expected = successStatus(def);
  if (status !== expected) return `fakeApi: ${request} (${name}) answered ${status}; the contract's success status is ${expected}`;
  if (!def.response) return undefined;
  const parsed = def.response.safeParse(body);
  return parsed.success
    ? undefined
    : `fakeApi: ${request} (${name}) answered ${status} with a body that is not its response schema:\n${issues(parsed.error)}`;
}

const violations: string[] = [];

export function recordViolation(message: string): void {
  violations.push(message);
}

/** The violations recorded since the last call, forgotten here (a test that expects one takes it). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}
