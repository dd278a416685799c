// The housekeeping job on a large backlog: how long it runs, and the longest time the main
// thread is blocked (the event loop's worst delay), which on PGlite is the longest statement
// and so what a request waiting behind the job can suffer. For contrast, the same rows
// deleted by one unbatched statement per table.
// Usage: npx tsx bench/housekeeping.ts [ended rows per table=100000]
//   BENCH_DATABASE_URL=postgres://… adds a run on a scratch database of that server.
import { sql } from 'drizzle-orm';
import { testConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/deps.js';
import { createHousekeeping } from '../apps/server/src/modules/auth/housekeeping.jobs.js';
import { createHousekeepingRepository } from '../apps/server/src/modules/auth/housekeeping.repository.js';
import { measure, onEachDatabase } from './measure.js';

const ended = Number(process.argv[2] ?? 100_000);
const config = testConfig();

/** `ended` rows of each kind that the job deletes, and as many live ones it keeps. */
async function seed(database: Database) {
  const run = (text: string) => database.executeSql(text, []);
  await run(`insert into organizations (name, client_key) values ('Bench', 'bench')`);
  await run(`insert into users (organization_id, email, display_name, role)
             select id, 'bench@example.com', 'Bench', 'org_admin' from organizations`);
  const user = `(select id from users limit 1)`;
  await run(`insert into sessions (user_id, token_hash, expires_at, revoked_at)
             select ${user}, 's' || g, now() - interval '100 days' * (g % 2), case when g % 4 = 3 then now() - interval '60 days' end
             from generate_series(1, ${2 * ended}) g`);
  await run(`insert into user_tokens (user_id, kind, token_hash, expires_at, used_at)
             select ${user}, 'invitation', 't' || g, now() + interval '1 day' - interval '100 days' * (g % 2), null
             from generate_series(1, ${2 * ended}) g`);
  await run(`insert into rate_limit_hits (key, hits, reset_at)
             select 'k' || g, 1, now() + interval '1 minute' - interval '1 hour' * (g % 2) from generate_series(1, ${2 * ended}) g`);
}

await onEachDatabase('bench_housekeeping', ['batched', 'one statement per table'] as const, async (kind, mode, database) => {
  await seed(database);
  const housekeeping = createHousekeeping({ repo: createHousekeepingRepository(database.db), clock: systemClock, config });
  const outcome =
    mode === 'batched'
      ? await measure(database, () => housekeeping.run())
      : await measure(database, async () => {
          const { db } = database;
          await db.execute(
            sql`delete from sessions where expires_at < now() - interval '30 days' or revoked_at < now() - interval '30 days'`,
          );
          await db.execute(sql`delete from user_tokens where expires_at < now() - interval '30 days'`);
          await db.execute(sql`delete from rate_limit_hits where reset_at <= now()`);
        });
  console.log(JSON.stringify({ database: kind, mode, endedRowsPerTable: ended, ...outcome }));
});
