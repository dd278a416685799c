/**
 * Authenticates the `apiKey` header of an external API call. The key's row is looked up by
 * its hash (one indexed equality) or taken from the process's key cache, which forgets an
 * organization's keys when the change feed reports a change of its keys (deletion, roll):
 * docs/decisions/009-external-api-caching.md. Expiry is judged at each call from the row.
 * `last_used_at` is written at most once a minute per key and process, off the request path.
 */
import { type AccessKeyPermissions, externalApiErrorCodes as codes } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type OrgCache, readThrough } from '../../db/org-cache.js';
import type { Clock } from '../../deps.js';
import { Unauthenticated } from '../../http/errors.js';
import { hashAccessKey, isWellFormedAccessKey } from './access-key.js';
import { type AccessKeysRepository, type KeyRow, keyExpiredAt } from './access-keys.repository.js';

/** A key's stored row, as the key cache keeps it (external-api.cache.ts). */
export type { KeyRow };

const TOUCH_INTERVAL_MS = 60_000;

export interface AuthenticatedKey {
  accessKeyId: string;
  /** Its name, as the call's events name their actor. */
  accessKeyName: string;
  organizationId: string;
  /** What the key may do (decision 069): the row's value, one object while the row is cached. */
  permissions: AccessKeyPermissions;
  /** Whether the key alone, with no person's idToken, is the credential (decision 069). */
  actsAlone: boolean;
}

const authenticated = (row: KeyRow): AuthenticatedKey => ({
  accessKeyId: row.id,
  accessKeyName: row.name,
  organizationId: row.organizationId,
  permissions: row.permissions,
  actsAlone: row.actsAlone,
});

export function createAccessKeyAuthenticator(deps: {
  repo: AccessKeysRepository;
  clock: Clock;
  log?: FastifyBaseLogger;
  /** Key rows by key hash. */
  cache?: OrgCache<KeyRow>;
}) {
  const { clock } = deps;
  /** When this process last wrote last_used_at, per key: a burst of calls writes once. */
  const touched = new Map<string, number>();

  /** A key's last use (no event: use is not a change): the keys list shows it once the change feed tells. */
  function touch({ id, lastUsedAt }: KeyRow, now: Date) {
    const notBefore = now.getTime() - TOUCH_INTERVAL_MS;
    if ((lastUsedAt && lastUsedAt.getTime() > notBefore) || (touched.get(id) ?? 0) > notBefore) return;
    touched.set(id, now.getTime());
    if (touched.size > 10_000) touched.clear();
    deps.repo
      .touchLastUsed(id, now, new Date(notBefore))
      .catch((err) => deps.log?.warn({ err, accessKeyId: id }, 'could not record key use'));
  }

  /** The key from the cache alone, when it is there and works now; undefined otherwise (no refusal). */
  function peek(header: string | string[] | undefined): AuthenticatedKey | undefined {
    if (typeof header !== 'string' || !deps.cache) return undefined;
    // No checksum check: only keys looked up before are in the cache, by their hash.
    const row = deps.cache.get(hashAccessKey(header.trim()));
    if (!row) return undefined;
    const now = clock.now();
    if (keyExpiredAt(row, now)) return undefined;
    touch(row, now);
    return authenticated(row);
  }

  async function authenticateAccessKey(header: string | string[] | undefined): Promise<AuthenticatedKey> {
    const given = Array.isArray(header) ? header[0] : header;
    if (!given)
      throw new Unauthenticated('The apiKey header is missing: send your access key in a header named apiKey.', codes.apiKeyMissing);
    const raw = given.trim();
    if (!isWellFormedAccessKey(raw)) {
      throw new Unauthenticated('The apiKey header is not a valid access key: check that it was copied whole.', codes.apiKeyMalformed);
    }
    const now = clock.now();
    const hash = hashAccessKey(raw);
    const load = () => deps.repo.findKeyRow(hash);
    const row = await readThrough(deps.cache, hash, load, (r) => r.organizationId);
    if (!row) throw new Unauthenticated('This access key does not exist or was deleted.', codes.apiKeyInvalid);
    const expiredAt = keyExpiredAt(row, now);
    if (expiredAt) {
      throw new Unauthenticated(
        `This access key was replaced by a newer one; it stopped working at ${expiredAt.toISOString()}.`,
        codes.apiKeyExpired,
      );
    }
    touch(row, now);
    return authenticated(row);
  }

  return Object.assign(authenticateAccessKey, { peek });
}

export type AccessKeyAuthenticator = ReturnType<typeof createAccessKeyAuthenticator>;
