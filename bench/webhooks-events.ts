// The producer of bench/webhooks.mjs: records `count` events of one organization through the
// console's one recorder (so each fans out to the organization's webhook endpoints in its own
// transaction, as every write's events do), `batch` events a transaction, at `perSecond`
// events a second (0: as fast as the database takes them). Prints what it did as JSON.
//
//   npx tsx bench/webhooks-events.ts <database URL> <organization id> <count> <perSecond> [batch=10]
import { subscribeToEvents } from '../apps/server/src/composition/webhooks.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { type NewEvent, recordEvents, systemActor } from '../apps/server/src/modules/events/record.js';

// What follows each recorded event (its deliveries), registered as the composition root does.
subscribeToEvents();

const [url, organizationId, countArg, rateArg, batchArg] = process.argv.slice(2);
const count = Number(countArg);
const perSecond = Number(rateArg);
const batch = Number(batchArg ?? 10);
const database = await openPostgres(url as string, 4);
const started = performance.now();
let recorded = 0;
while (recorded < count) {
  const n = Math.min(batch, count - recorded);
  const events: NewEvent[] = Array.from({ length: n }, (_, i) => ({
    action: 'user.updated',
    organizationId: organizationId as string,
    actor: systemActor,
    targets: [{ type: 'user', id: `bench-${recorded + i}`, name: `Bench user ${recorded + i}` }],
    data: { before: { displayName: 'A' }, after: { displayName: 'B' } },
  }));
  await database.db.transaction((tx) => recordEvents(tx, events));
  recorded += n;
  if (perSecond > 0) {
    const due = started + (recorded / perSecond) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
console.log(JSON.stringify({ recorded, ms: Math.round(performance.now() - started) }));
await database.close();
