/**
 * Remembers idTokens this process has verified, until they expire. An integration sends
 * the same token with every call for up to an hour, and checking its ECDSA signature each
 * time would be the largest CPU cost of an external API call (bench/history.md). The user behind the
 * token is still loaded on every call, so disabling a user still refuses them at once.
 */
import type { Clock } from '../../deps.js';
import { hashSecret } from '../../http/secrets.js';
import type { IdTokenClaims, IdTokens } from '../auth/id-token.js';

const MAX_ENTRIES = 10_000;

export function withVerifiedTokenCache(idTokens: IdTokens, clock: Clock): IdTokens & { peek(token: string): IdTokenClaims | undefined } {
  // Keyed by a hash: the cache does not keep bearer tokens themselves in memory.
  const verified = new Map<string, IdTokenClaims>();
  return {
    ...idTokens,
    /** The claims of a token verified before and not expired; undefined otherwise. */
    peek(token) {
      const hit = verified.get(hashSecret(token));
      return hit && hit.exp * 1000 > clock.now().getTime() ? hit : undefined;
    },
    async verify(token) {
      const key = hashSecret(token);
      const hit = verified.get(key);
      if (hit && hit.exp * 1000 > clock.now().getTime()) return hit;
      if (hit) verified.delete(key);
      const claims = await idTokens.verify(token);
      // Oldest first (Map keeps insertion order): drop the oldest when full.
      if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value!);
      verified.set(key, claims);
      return claims;
    },
  };
}
