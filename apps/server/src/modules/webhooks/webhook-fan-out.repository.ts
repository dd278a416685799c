/**
 * The statement the events recorder joins to its insert: the deliveries of the events it
 * records, registered by the composition root (composition/webhooks.ts, decision 061).
 */
import { type SQL, sql } from 'drizzle-orm';
import { dueNow } from './webhook-delivery-rows.repository.js';

/**
 * The deliveries of events as they are inserted: one per event and enabled endpoint of its
 * organization subscribed to its type. `inserted` names the events' INSERT … RETURNING
 * (id, organization_id, action); the recorder runs both as one statement, so an event is
 * committed with its deliveries or not at all, for one round trip to the database. The
 * statement ends by waking the pumps when it made any (an organization without endpoints
 * sends nothing).
 */
export const deliveriesOfInsertedEvents = (inserted: SQL): { statement: SQL; finish: (followed: SQL) => SQL } => ({
  statement: sql`
    INSERT INTO webhook_deliveries (endpoint_id, message_id, event_id, event_type)
    SELECT w.id, e.id, e.id, e.action
    FROM ${inserted} e
    JOIN webhook_endpoints w ON w.organization_id = e.organization_id AND w.enabled
      AND (w.event_types IS NULL OR e.action = ANY (w.event_types))
    RETURNING 1`,
  finish: (followed) => sql`SELECT ${dueNow(followed)}`,
});
