/**
 * The one writer of idempotent_requests (decision 070): the external API's writes sent with an
 * Idempotency-Key and their first answers. A call claims its key in one statement (an insert,
 * or the take-over of an expired row or of a hold whose call is gone), so two replicas that
 * receive the same key at once let one of them run. `running_until` is the database's clock,
 * which every replica compares (decision 044); `created_at` and `expires_at` the console's.
 */
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotentRequests as requests } from '../../db/schema.js';

/** One key of one access key of one organization. */
export interface IdempotencyScope {
  organizationId: string;
  accessKeyId: string;
  idempotencyKey: string;
}

/** A key someone else holds, or has answered. */
export interface KeptRequest {
  fingerprint: string;
  route: string;
  /** Null while its first call runs. */
  status: number | null;
  contentType: string | null;
  body: string | null;
  /** Seconds its running call still holds it (0 once answered). */
  heldForSeconds: number;
}

/** The first answer, kept for its repeats. */
export interface KeptAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

const ofScope = (scope: IdempotencyScope) =>
  and(
    eq(requests.organizationId, scope.organizationId),
    eq(requests.accessKeyId, scope.accessKeyId),
    eq(requests.idempotencyKey, scope.idempotencyKey),
  );

export function createIdempotentRequestsRepository(root: Db) {
  return {
    /**
     * Takes the key for this call (`attempt`): true when it is new, its kept answer expired, or the
     * call that held it is gone (its hold ran out); else the row as it is, or undefined when it
     * went meanwhile (a failed first call let go of it) and a claim may be tried again.
     */
    async claim(
      scope: IdempotencyScope,
      call: { fingerprint: string; route: string; attempt: string; now: Date; expiresAt: Date; holdSeconds: number },
      db: Db = root,
    ): Promise<true | KeptRequest | undefined> {
      const claimed = await db
        .insert(requests)
        .values({
          ...scope,
          fingerprint: call.fingerprint,
          route: call.route,
          attempt: call.attempt,
          runningUntil: sql`now() + make_interval(secs => ${call.holdSeconds})`,
          createdAt: call.now,
          expiresAt: call.expiresAt,
        })
        .onConflictDoUpdate({
          target: [requests.organizationId, requests.accessKeyId, requests.idempotencyKey],
          set: {
            fingerprint: sql`excluded.fingerprint`,
            route: sql`excluded.route`,
            attempt: sql`excluded.attempt`,
            runningUntil: sql`excluded.running_until`,
            status: null,
            contentType: null,
            body: null,
            createdAt: sql`excluded.created_at`,
            expiresAt: sql`excluded.expires_at`,
          },
          setWhere: or(lte(requests.expiresAt, call.now), and(isNull(requests.status), lt(requests.runningUntil, sql`now()`))),
        })
        .returning({ attempt: requests.attempt });
      if (claimed.length === 1) return true;
      const [kept] = await db
        .select({
          fingerprint: requests.fingerprint,
          route: requests.route,
          status: requests.status,
          contentType: requests.contentType,
          body: requests.body,
          heldForSeconds: sql<number>`greatest(0, ceil(extract(epoch from (${requests.runningUntil} - now()))))::int`,
        })
        .from(requests)
        .where(ofScope(scope));
      return kept ? { ...kept, heldForSeconds: kept.heldForSeconds ?? 0 } : undefined;
    },

    /** Its call is still running: holds the key `holdSeconds` more. */
    async prolong(scope: IdempotencyScope, attempt: string, holdSeconds: number, db: Db = root): Promise<void> {
      await db
        .update(requests)
        .set({ runningUntil: sql`now() + make_interval(secs => ${holdSeconds})` })
        .where(and(ofScope(scope), eq(requests.attempt, attempt), isNull(requests.status)));
    },

    /** Keeps the call's answer for its repeats (if the call still holds the key). */
    async keep(scope: IdempotencyScope, attempt: string, answer: KeptAnswer, db: Db = root): Promise<void> {
      await db
        .update(requests)
        .set({ status: answer.status, contentType: answer.contentType, body: answer.body, runningUntil: null })
        .where(and(ofScope(scope), eq(requests.attempt, attempt)));
    },

    /** Lets go of the key: the call failed on the server, so a repeat runs it again. */
    async release(scope: IdempotencyScope, attempt: string, db: Db = root): Promise<void> {
      await db.delete(requests).where(and(ofScope(scope), eq(requests.attempt, attempt)));
    },

    /**
     * Deletes the rows expired by `now`, a batch of `batchSize` per statement through the
     * expiry's index (the housekeeping job); returns how many.
     */
    async deleteExpired(now: Date, batchSize: number, db: Db = root): Promise<number> {
      let total = 0;
      for (;;) {
        const expired = db
          .select({ organizationId: requests.organizationId, accessKeyId: requests.accessKeyId, key: requests.idempotencyKey })
          .from(requests)
          .where(lte(requests.expiresAt, now))
          .orderBy(requests.expiresAt)
          .limit(batchSize);
        const gone = await db
          .delete(requests)
          .where(
            and(
              lte(requests.expiresAt, now),
              inArray(sql`(${requests.organizationId}, ${requests.accessKeyId}, ${requests.idempotencyKey})`, expired),
            ),
          )
          .returning({ key: requests.idempotencyKey });
        total += gone.length;
        if (gone.length < batchSize) return total;
        // Let waiting requests in between two batches: on the embedded database they share the main thread.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

export type IdempotentRequestsRepository = ReturnType<typeof createIdempotentRequestsRepository>;
