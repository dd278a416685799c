/**
 * The events' webhooks: the events recorder inserts, in the same statement as the events,
 * one delivery per event of a subscribed type and enabled endpoint of its organization, so
 * nothing to send is lost between the two. The delivery workers find the new deliveries due
 * (webhook-deliveries.jobs.ts).
 */
export { deliveriesOfInsertedEvents as webhookDeliveriesOf } from './webhook-deliveries.repository.js';
