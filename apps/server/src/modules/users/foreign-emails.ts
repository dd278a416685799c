/**
 * One rule for the addresses of other organizations' users, whoever writes users: the user
 * import, SCIM and the external API (docs/decisions/020-brute-force-and-probing.md).
 *
 * Sign-in addresses are unique across the installation, so a write that gives a user an
 * address a user of another organization holds must be refused, and the refusal tells
 * that the address exists. What is bounded is how often an organization learns it: every
 * such address a write names spends one of the organization's daily checks (one counter,
 * whichever writer spends it) and records an event. An address the organization was
 * told of in the last day is told again without spending: an identity provider retries a
 * refused user on every sync cycle, and the answer tells nothing new. Once the day's
 * checks are spent, no answer may tell a taken address from a free one, so every write of
 * an address new to the organization is refused alike (EMAIL_CHECKS_LIMIT, 429 with
 * Retry-After) until the counter's day is over; addresses of its own users stay writable.
 */

import type { EventActor } from '@console/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { RateLimitHitsRepository } from '../../db/rate-limit-hits.repository.js';
import type { Clock } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { type NewEvent, recordEvent } from '../events/record.js';
import type { ForeignEmailsRepository } from './foreign-emails.repository.js';

const DAY_MS = 24 * 60 * 60_000;
export const EMAIL_CHECKS_LIMIT = 'EMAIL_CHECKS_LIMIT';

/** The organization's day of checks (the key was named when only imports spent it; kept so counts carry over). */
const budgetKey = (organizationId: string) => `user-import-foreign-emails:${organizationId}`;

/** Who holds an address (sign-in addresses are unique across the installation). */
export interface Holder {
  id: string;
  organizationId: string;
}

/** A single-user write that named another organization's address (SCIM, the external API). */
export interface SingleWrite {
  organizationId: string;
  /** The SCIM token or the API caller. */
  actor: EventActor;
  via: 'scim' | 'external_api';
}

/**
 * Thrown inside a writer's transaction when the address is held elsewhere: the
 * transaction rolls back, and the writer asks `settle` what to answer once it has.
 */
export class HeldElsewhere extends Error {
  constructor(readonly holderId: string) {
    super('The address belongs to a user of another organization.');
  }
}

/** What spending on a set of holders decided. */
export interface Spent {
  /** Holders named. */
  named: number;
  /** Of those, the ones not told in the last day: each spent a check. */
  checked: number;
  /** True when the checks ran out: the new ones must not be told. */
  withheld: boolean;
  retryAfterSeconds: number;
}

export function limitError(retryAfterSeconds: number): AppError {
  return new AppError(
    429,
    EMAIL_CHECKS_LIMIT,
    'Your organization has checked too many e-mail addresses of other organizations today: until the day is over, addresses new to your organization cannot be used. Try again after Retry-After seconds.',
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Its SQL: `counters`, where the day's counter lives among the shared ones, and `repo`, which holders were told. */
export function createForeignEmailRule(deps: {
  db: Db;
  counters: RateLimitHitsRepository;
  repo: ForeignEmailsRepository;
  perDay: number;
  clock: Clock;
  log?: FastifyBaseLogger;
}) {
  const { db, counters, repo, perDay, clock } = deps;
  const secondsUntil = (resetAt: Date | null, now: Date) =>
    Math.max(1, Math.ceil(((resetAt?.getTime() ?? now.getTime() + DAY_MS) - now.getTime()) / 1000));

  /** SQL true when the organization was told of `holderId` (a uuid expression) in the last day. */
  const told = (organizationId: string, holderId: SQL, now = clock.now()) => repo.told(organizationId, holderId, now);

  /** Whether the day's checks are spent; read only. */
  async function budget(organizationId: string, tx: Db = db) {
    const now = clock.now();
    const { hits, resetAt } = await counters.read(budgetKey(organizationId), now, tx);
    return { spent: hits >= perDay, retryAfterSeconds: secondsUntil(resetAt, now) };
  }

  /**
   * Spends a check for each holder of `holders` (a query of distinct `holder_id`s, users of
   * other organizations) not told in the last day; within the budget, remembers them as told.
   * Call it outside the writer's refused transaction: its rollback must not undo the count.
   */
  async function spend(organizationId: string, holders: SQL): Promise<Spent> {
    const now = clock.now();
    const found = await repo.countHolders(organizationId, holders, now);
    if (found.checked === 0) {
      // Only addresses it knows of: nothing spent, nothing new told, whatever the budget.
      return { ...found, withheld: false, retryAfterSeconds: (await budget(organizationId)).retryAfterSeconds };
    }
    const { hits, resetAt } = await counters.count(budgetKey(organizationId), found.checked, DAY_MS, now);
    const withheld = hits > perDay;
    if (!withheld) await repo.rememberTold(organizationId, holders, now, new Date(now.getTime() + DAY_MS));
    return { ...found, withheld, retryAfterSeconds: secondsUntil(resetAt, now) };
  }

  return {
    perDay,
    budget,
    spend,
    told,

    /**
     * In a single-user write's transaction, before it gives a user of `organizationId` an
     * address `holder` holds (undefined: nobody). An address of the organization's own users
     * is the writer's to judge; another organization's throws HeldElsewhere; a free address
     * is refused once the day's checks are spent, as a taken one would be.
     */
    async admit(organizationId: string, holder: Holder | undefined, tx: Db = db): Promise<void> {
      if (holder?.organizationId === organizationId) return;
      if (holder) throw new HeldElsewhere(holder.id);
      const day = await budget(organizationId, tx);
      if (day.spent) throw limitError(day.retryAfterSeconds);
    },

    /**
     * After the writer's transaction rolled back on HeldElsewhere: spends the check, records
     * the event and writes the log line. Returns the limit error to answer with, or undefined
     * when the writer may say the address is taken.
     */
    async settle(held: HeldElsewhere, write: SingleWrite): Promise<AppError | undefined> {
      const spent = await spend(write.organizationId, repo.oneHolder(held.holderId));
      await db.transaction((tx) =>
        recordEvent(tx, {
          action: 'user.foreign_email_refused',
          organizationId: write.organizationId,
          actor: write.actor,
          targets: [],
          data: { via: write.via, checked: spent.checked > 0, withheld: spent.withheld },
        }),
      );
      deps.log?.info(
        { organizationId: write.organizationId, via: write.via, checked: spent.checked > 0, withheld: spent.withheld },
        'user write: an e-mail of another organization',
      );
      return spent.withheld ? limitError(spent.retryAfterSeconds) : undefined;
    },

    /** The trace of an import that named addresses of other organizations, in the transaction that lists or withholds them. */
    async recordImport(
      tx: Tx,
      entry: Pick<NewEvent, 'actor' | 'targets'> & {
        importId: string;
        organizationId: string;
        rows: number;
        checked: number;
        withheld: boolean;
      },
    ): Promise<void> {
      const { importId, organizationId, actor, targets, rows, checked, withheld } = entry;
      await recordEvent(tx, {
        action: 'user_import.foreign_emails_found',
        organizationId,
        actor,
        targets,
        data: { rows, checked, withheld },
      });
      deps.log?.info(
        { userImportId: importId, organizationId, foreignEmailRows: rows, checked, withheld },
        'user import: e-mails of other organizations',
      );
    },
  };
}

export type ForeignEmailRule = ReturnType<typeof createForeignEmailRule>;
