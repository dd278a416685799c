/** What still waits to be delivered, as the dashboard's integration health tells it. */
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { toDate } from './webhook-delivery-rows.repository.js';

export function createWebhookDeliveryWaitingRepository(root: Db) {
  return {
    /**
     * When the organization's oldest pending delivery was made, any endpoint's (a disabled
     * one's too: its deliveries wait for it); null when nothing waits. Per endpoint (an
     * organization has a few) it reads the pending ones only, through the partial index
     * `webhook_deliveries_due_idx`: the queue, never the delivered history. `min(created_at)`
     * rather than the time-ordered id: no index has `created_at`, so the planner cannot walk
     * `(endpoint_id, id)` from the oldest delivery hoping to meet a pending one soon, which
     * reads the whole delivered history when all that waits is recent.
     */
    async oldestWaitingSince(organizationId: string, db: Db = root): Promise<Date | null> {
      const [row] = await sqlRows<{ oldest: unknown }>(
        db,
        sql`SELECT min(waiting.oldest) AS oldest
            FROM webhook_endpoints w
            CROSS JOIN LATERAL (
              SELECT min(d.created_at) AS oldest FROM webhook_deliveries d
              WHERE d.endpoint_id = w.id AND d.status = 'pending') waiting
            WHERE w.organization_id = ${organizationId}::uuid`,
      );
      return toDate(row?.oldest);
    },
  };
}
