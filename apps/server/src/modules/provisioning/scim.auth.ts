/**
 * The guard of every SCIM call: the organization's SCIM token as `Authorization: Bearer
 * wfs_…`, checked before the body is read (an `onRequest` hook, decision 012). A missing,
 * malformed, unknown, revoked or replaced token spends its source address's budget, as
 * unknown access keys do (docs/decisions/020-brute-force-and-probing.md). Built once per app
 * (registry.ts), like the external API's guard.
 */
import type { EventActor } from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../deps.js';
import { requestClient } from '../../http/auth-context.js';
import { enforceRateLimit, type RateLimiter } from '../../http/rate-limit.js';
import { ScimError } from './scim.protocol.js';
import { hashScimToken, isWellFormedScimToken } from './scim-token.js';

/** Who calls: the organization of the SCIM token, who made the token (the inviter of e-mails), and the token as its events' actor. */
export interface ScimCaller {
  organizationId: string;
  tokenCreatedBy: string | null;
  actor: EventActor;
}

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: ScimCaller;
  }
}

interface ScimToken {
  id: string;
  organizationId: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdBy: string | null;
  /** What the admin called it: the name its events' actor goes by. */
  name: string;
  organizationDisabledAt: Date | null;
}

const TOUCH_INTERVAL_MS = 60_000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createScimGuard(deps: {
  /** The token's row by its hash, with its organization's state. */
  findToken: (tokenHash: string) => Promise<ScimToken | undefined>;
  touchToken: (id: string, now: Date) => Promise<void>;
  clock: Clock;
  /** Refused tokens per source address. */
  unknownTokens: RateLimiter;
}) {
  const { clock } = deps;
  // When this process last wrote each token's last use: a token in use is touched once a minute, not on every call.
  const touched = new Map<string, number>();

  /** Sets `request.scimCaller`, or throws SCIM's 401 or 403. */
  return async function authenticate(request: FastifyRequest) {
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const refuse = async (detail: string) => {
      await enforceRateLimit(
        deps.unknownTokens,
        `scim-source:${request.ip}`,
        (s) => `Too many refused SCIM tokens from this address: try again in ${s} s.`,
      );
      return new ScimError(401, detail, undefined, { 'www-authenticate': 'Bearer realm="scim"' });
    };
    if (!given) throw await refuse('Send the SCIM token of the organization as Authorization: Bearer <token>.');
    if (!isWellFormedScimToken(given)) throw await refuse('This is not a SCIM token: check that it was copied whole.');
    const token = await deps.findToken(hashScimToken(given));
    const now = clock.now();
    if (!token || token.revokedAt) throw await refuse('This SCIM token does not exist or was revoked.');
    if (token.expiresAt && token.expiresAt <= now)
      throw await refuse('This SCIM token was replaced by a newer one and has stopped working.');
    if (token.organizationDisabledAt) throw new ScimError(403, 'The organization is disabled.');
    const last = Math.max(token.lastUsedAt?.getTime() ?? 0, touched.get(token.id) ?? 0);
    if (now.getTime() - last > TOUCH_INTERVAL_MS) {
      touched.set(token.id, now.getTime());
      if (touched.size > 10_000) touched.clear();
      await deps.touchToken(token.id, now);
    }
    request.scimCaller = {
      organizationId: token.organizationId,
      tokenCreatedBy: token.createdBy,
      actor: { type: 'scim_token', id: token.id, name: token.name, ...requestClient(request) },
    };
  };
}

export type ScimGuard = ReturnType<typeof createScimGuard>;
