/**
 * What follows each recorded event: its deliveries, registered by the composition root
 * (composition/webhooks.ts, decision 061).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { dueNow } from './webhook-delivery-rows.repository.js';

/**
 * The deliveries of events just inserted, in their transaction (an event is committed with
 * its deliveries or not at all): one per event and enabled endpoint of its organization
 * subscribed to its type. The statement ends by waking the pumps when it made any (an
 * organization without endpoints sends nothing).
 */
export async function deliveriesOfInsertedEvents(
  tx: Tx,
  inserted: { id: string; organizationId: string | null; action: string }[],
): Promise<void> {
  if (inserted.length === 0) return;
  await tx.execute(sql`
    WITH made AS (
      INSERT INTO webhook_deliveries (endpoint_id, message_id, event_id, event_type)
      SELECT w.id, e.id, e.id, e.action
      FROM (VALUES ${sql.join(
        inserted.map((e) => sql`(${e.id}::uuid, ${e.organizationId}::uuid, ${e.action})`),
        sql`, `,
      )}) AS e (id, organization_id, action)
      JOIN webhook_endpoints w ON w.organization_id = e.organization_id AND w.enabled
        AND (w.event_types IS NULL OR e.action = ANY (w.event_types))
      RETURNING 1)
    SELECT ${dueNow(sql`made`)}`);
}
