/** What the notice of an endpoint disabled for its failures tells, and to whom. */
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { adminRecipientsJson } from '../../db/organization-admins.js';
import { type DisabledNotice, toDate } from './webhook-delivery-rows.repository.js';

export function createWebhookDisabledNoticeRepository(root: Db) {
  return {
    /**
     * What the notice of a disabled endpoint needs: its organization, URL and since when it
     * failed, and the organization's enabled admins with their language (theirs, else the
     * organization's).
     */
    async disabledNotice(endpointId: string, db: Db = root): Promise<DisabledNotice | undefined> {
      const [row] = await sqlRows<Record<string, unknown>>(
        db,
        sql`SELECT w.organization_id, w.url, w.failing_since, o.name AS organization_name,
              ${adminRecipientsJson(sql`o.id`)} AS admins
            FROM webhook_endpoints w JOIN organizations o ON o.id = w.organization_id WHERE w.id = ${endpointId}`,
      );
      if (!row) return undefined;
      return {
        organizationId: row.organization_id as string,
        organizationName: row.organization_name as string,
        url: row.url as string,
        failingSince: toDate(row.failing_since),
        admins: row.admins as DisabledNotice['admins'],
      };
    },
  };
}
