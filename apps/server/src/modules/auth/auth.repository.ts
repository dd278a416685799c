/** SQL of sign-in: who a person is, their organization, and the failed-attempt counters. */
import { normalizeEmail, SSO_LOGIN_ONLY_SETTING } from '@console/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { RateLimitHitsRepository } from '../../db/rate-limit-hits.repository.js';
import { organizationSettings, organizations, users } from '../../db/schema.js';

/** "SSO login only" (a setting of the contracts' list, changed in the Super area) refuses password sign-in. */
const ssoLoginOnly = sql<boolean>`exists (select 1 from ${organizationSettings}
  where ${organizationSettings.organizationId} = ${users.organizationId}
    and ${organizationSettings.key} = ${SSO_LOGIN_ONLY_SETTING}
    and ${organizationSettings.value} = 'true'::jsonb)`;

export const principalColumns = {
  userId: users.id,
  organizationId: users.organizationId,
  email: users.email,
  displayName: users.displayName,
  role: users.role,
  allowedRoleTypes: users.allowedRoleTypes,
  userSignInProvider: users.signInProvider,
  locale: users.locale,
  userDisabledAt: users.disabledAt,
  organizationName: organizations.name,
  organizationDisabledAt: organizations.disabledAt,
  /** The organization's own address of the platform's app (null: PLATFORM_APP_URL), told to its people refused by the console. */
  organizationAppUrl: organizations.platformAppUrl,
  idTokensRevokedAt: users.idTokensRevokedAt,
  ssoLoginOnly,
};

const signInColumns = {
  ...principalColumns,
  passwordHash: users.passwordHash,
  lockedUntil: users.lockedUntil,
};

async function findSignInUser(db: Db, where: SQL) {
  const [row] = await db
    .select(signInColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where);
  return row;
}

export type SignInRow = Awaited<ReturnType<typeof findSignInUser>>;
export type Principal = Omit<NonNullable<SignInRow>, 'passwordHash' | 'lockedUntil'>;

/**
 * Failures of one account from one source (IP address) in a window that lock that source
 * out of the account; the account itself is locked only by SIGN_IN_ACCOUNT_FAILURES_MAX
 * failures from all sources together (docs/decisions/020-brute-force-and-probing.md).
 */
export const FAILED_ATTEMPTS_MAX = 10;
export const FAILED_ATTEMPTS_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

const failuresKey = (userId: string, source: string) => `sign-in-failures:${userId}:${source}`;
const lockKey = (userId: string, source: string) => `sign-in-lock:${userId}:${source}`;

/** `counters`: every rate limit's (rate_limit_hits), where the per-source failures live: shared by replicas, swept by housekeeping. */
export function createAuthRepository(root: Db, counters: RateLimitHitsRepository) {
  return {
    // Every way in (password, single sign-on, a sign-in link, a password reset) reads the address as writers store it.
    findSignInUserByEmail: (email: string, db: Db = root) => findSignInUser(db, eq(users.email, normalizeEmail(email))),
    findSignInUserById: (id: string, db: Db = root) => findSignInUser(db, eq(users.id, id)),

    /** Until when this source is locked out of the account, or null. */
    async sourceLockedUntil(userId: string, source: string, now: Date): Promise<Date | null> {
      const lock = await counters.read(lockKey(userId, source), now);
      return lock.hits > 0 ? lock.resetAt : null;
    },

    /** Counts a failure of this source; the tenth in a window locks the source out of the account for LOCK_MS. */
    async recordSourceFailure(userId: string, source: string, now: Date): Promise<{ lockedUntil: Date | null }> {
      const { hits } = await counters.count(failuresKey(userId, source), 1, FAILED_ATTEMPTS_WINDOW_MS, now);
      if (hits < FAILED_ATTEMPTS_MAX) return { lockedUntil: null };
      return { lockedUntil: (await counters.count(lockKey(userId, source), 1, LOCK_MS, now)).resetAt };
    },

    /** A good sign-in from a source forgets its failures (not its lock: it was checked before). */
    clearSourceFailures: (userId: string, source: string) => counters.clear(failuresKey(userId, source)),

    /**
     * Whether an organization that allows only single sign-on has people with this e-mail
     * domain: the e-mail step answers the same for every address of a domain, known or not.
     */
    async domainRequiresSso(domain: string, db: Db = root): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(organizationSettings)
        .innerJoin(users, eq(users.organizationId, organizationSettings.organizationId))
        .where(
          and(
            eq(organizationSettings.key, SSO_LOGIN_ONLY_SETTING),
            sql`${organizationSettings.value} = 'true'::jsonb`,
            sql`lower(split_part(${users.email}::text, '@', 2)) = ${domain.toLowerCase()}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
