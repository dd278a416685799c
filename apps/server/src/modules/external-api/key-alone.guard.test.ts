/**
 * The external API's guard for a key acting on its own, without a database: once the key and a
 * rate-limit lease are in memory, a call is admitted before the guard returns (no promise,
 * decision 009's fast path), as a service identity whose events name the key.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../http/errors.js';
import { createRateLimiter } from '../../http/rate-limit.js';
import type { AccessKeyAuthenticator, AuthenticatedKey } from '../access-keys/access-key-auth.js';
import { actorOf } from '../events/record.js';
import { createExternalApiGuard } from './external-api.auth.js';

const key: AuthenticatedKey = {
  accessKeyId: '00000000-0000-4000-8000-000000000001',
  accessKeyName: 'Nightly HR sync',
  organizationId: '00000000-0000-4000-8000-000000000002',
  permissions: 'full',
  actsAlone: true,
};

function guardFor(found: AuthenticatedKey) {
  let lookups = 0;
  const authenticateKey = Object.assign(
    async () => {
      lookups++;
      return found;
    },
    { peek: () => found },
  ) as unknown as AccessKeyAuthenticator;
  const clock = { now: () => new Date() };
  const count = async (_key: string, hits: number) => ({ hits, resetAt: new Date(Date.now() + 60_000) });
  const guard = createExternalApiGuard({
    authenticateKey,
    rateLimit: createRateLimiter({ count, limit: 100, windowMs: 60_000, clock, lease: 10 }),
    sourceLimit: createRateLimiter({ count, limit: 100, windowMs: 60_000, clock, lease: 10 }),
    resolveBearer: () => Promise.reject(new Unauthenticated('no person in this test')),
  });
  return { guard, lookups: () => lookups };
}

/** Runs the guard; `sync` says whether it had decided before returning. */
async function run(guard: ReturnType<typeof guardFor>['guard'], headers: Record<string, string>) {
  const request = { headers, ip: '192.0.2.1' } as unknown as FastifyRequest;
  const reply = { header: () => reply } as unknown as FastifyReply;
  let returned = false;
  let sync = false;
  const error = await new Promise<Error | undefined>((resolve) => {
    guard(request, reply, (err) => {
      sync = !returned;
      resolve(err);
    });
    returned = true;
  });
  return { error, sync, auth: request.auth };
}

describe('the guard of a key acting on its own', () => {
  it('admits its second call from memory before returning, as a service identity of its organization', async () => {
    const { guard, lookups } = guardFor(key);
    const first = await run(guard, { apikey: 'wfk_x' });
    expect(first.error).toBeUndefined();
    // The first looks the key up and takes a lease: it waits for them.
    expect(first.sync).toBe(false);
    const second = await run(guard, { apikey: 'wfk_x' });
    expect(second.error).toBeUndefined();
    expect(second.sync).toBe(true);
    expect(lookups()).toBe(1);
    expect(second.auth).toMatchObject({
      userId: null,
      email: null,
      role: 'org_admin',
      isStaff: false,
      via: 'api',
      organizationId: key.organizationId,
      accessKeyId: key.accessKeyId,
      accessKeyPermissions: 'full',
    });
    // Its events name the key, never a person.
    expect(actorOf(second.auth!)).toEqual({ type: 'access_key', id: key.accessKeyId, name: key.accessKeyName, ip: '192.0.2.1' });
  });

  it('does not admit a key without the option from memory, and refuses it for want of a token', async () => {
    const { guard } = guardFor({ ...key, actsAlone: false });
    const first = await run(guard, { apikey: 'wfk_x' });
    expect(first.error).toMatchObject({ statusCode: 401, code: 'TOKEN_MISSING' });
    expect(first.auth).toBeUndefined();
  });
});
