/**
 * The events' webhooks: the events recorder calls this in the events' own transaction, so
 * each event of a subscribed type is committed with one delivery per enabled endpoint of its
 * organization, or not at all (nothing to send is lost between the two). The delivery
 * workers find the new deliveries due (webhook-deliveries.jobs.ts).
 */
import type { Tx } from '../../db/client.js';
import { createWebhookDeliveriesRepository } from './webhook-deliveries.repository.js';

export async function fanOutToWebhooks(tx: Tx, eventIds: string[]): Promise<void> {
  await createWebhookDeliveriesRepository(tx).fanOut(tx, eventIds);
}
