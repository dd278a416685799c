/** The deliveries' retention: they are kept as long as their organization's events. */
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';

/**
 * The smallest time-ordered id (uuid v7) made at `at`: every id made before it is smaller,
 * every id made at it or after is not.
 */
export function uuidAt(at: Date): string {
  const ms = Math.max(0, Math.floor(at.getTime())).toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-0000-0000-000000000000`;
}

export function createWebhookDeliveryRetentionRepository(root: Db) {
  return {
    /**
     * The organization's deliveries made before the cutoff, with their attempts, as its events
     * are kept (the events' retention job asks): test events' as well as events'. A batch at
     * a time per endpoint, oldest first, each statement in its own short transaction. A
     * delivery's id is time-ordered (uuid v7, made by the database as the row is inserted),
     * so "made before the cutoff" is a range of the index (endpoint_id, id), walked by keyset:
     * no statement reads again what the ones before deleted. A delivery in flight (leased) is
     * left to its attempt's record; a later run takes it. Stops between two batches when
     * `signal` aborts.
     */
    async deleteOrganizationDeliveriesBefore(
      organizationId: string,
      cutoff: Date,
      batchSize: number,
      signal?: AbortSignal,
      db: Db = root,
    ): Promise<{ deleted: number; attempts: number; statements: number }> {
      const done = { deleted: 0, attempts: 0, statements: 0 };
      const before = uuidAt(cutoff);
      const endpoints = await sqlRows<{ id: string }>(
        db,
        sql`SELECT id FROM webhook_endpoints WHERE organization_id = ${organizationId} ORDER BY id`,
      );
      for (const { id: endpointId } of endpoints) {
        let after: string | undefined;
        while (!signal?.aborted) {
          const [page] = await sqlRows<{ last: string | null; taken: number; deleted: number; attempts: number }>(
            db,
            sql`WITH page AS (
                  SELECT id, leased_until FROM webhook_deliveries
                  WHERE endpoint_id = ${endpointId} AND id < ${before}::uuid ${after ? sql`AND id > ${after}::uuid` : sql``}
                  ORDER BY id LIMIT ${batchSize}
                ), doomed AS (
                  SELECT id FROM page WHERE leased_until IS NULL OR leased_until <= now()
                ), attempts AS (
                  DELETE FROM webhook_delivery_attempts WHERE delivery_id IN (SELECT id FROM doomed) RETURNING 1
                ), gone AS (
                  DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM doomed) RETURNING 1
                )
                SELECT (SELECT id::text FROM page ORDER BY id DESC LIMIT 1) AS last,
                  (SELECT count(*)::int FROM page) AS taken,
                  (SELECT count(*)::int FROM gone) AS deleted,
                  (SELECT count(*)::int FROM attempts) AS attempts`,
          );
          done.statements += 1;
          done.deleted += page?.deleted ?? 0;
          done.attempts += page?.attempts ?? 0;
          // A batch that was not full was the last of the range.
          if (!page || page.taken < batchSize || page.last === null) break;
          after = page.last;
          // Let waiting requests in between two batches: on PGlite they share the main thread.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      return done;
    },
  };
}
