// The Super area's organization calls on a large installation: a page of the list (with
// and without a name filter, over the trigram index) among many organizations, and disabling
// an organization with many users (each with a session) as the service does it, in batches,
// against one UPDATE for all, for contrast. Every statement is timed at the driver.
// Usage: npx tsx bench/organizations.ts [organizations=10000] [users=100000] [batch=DISABLE_USERS_BATCH]
//   BENCH_DATABASE_URL=postgres://… adds a run on a scratch database of that server.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/deps.js';
import type { AuthContext } from '../apps/server/src/http/auth-context.js';
import { createOrganizationsRepository } from '../apps/server/src/modules/organizations/organizations.repository.js';
import { createOrganizationsService, DISABLE_USERS_BATCH } from '../apps/server/src/modules/organizations/organizations.service.js';
import { measure, onEachDatabase, startApp } from './measure.js';

const orgCount = Number(process.argv[2] ?? 10_000);
const userCount = Number(process.argv[3] ?? 100_000);
const batch = Number(process.argv[4] ?? DISABLE_USERS_BATCH);

async function seed(database: Database) {
  const run = (text: string) => database.executeSql(text, []);
  await run(`insert into plan_types (name) values ('Team'), ('Enterprise')`);
  await run(`insert into organizations (name, client_key, plan_type_id, disabled_at)
             select 'Company ' || g || ' ' || md5(g::text), 'c' || g, (select id from plan_types order by name limit 1),
                    case when g % 10 = 0 then now() end
             from generate_series(1, ${orgCount}) g`);
  await run(`insert into organizations (name, client_key, is_staff) values ('Big One', 'big', false), ('Staff', 'staff', true)`);
  // A few users in every organization, and the big one's many.
  await run(`insert into users (organization_id, display_name, role)
             select o.id, 'User', case when g = 1 then 'org_admin' else 'viewer' end
             from organizations o, generate_series(1, 3) g where o.name like 'Company %'`);
  await run(`insert into users (organization_id, email, display_name, role)
             select (select id from organizations where client_key = 'big'), 'u' || g || '@big.example', 'User ' || g,
                    case when g % 50 = 0 then 'org_admin' else 'viewer' end
             from generate_series(1, ${userCount}) g`);
  await run(`insert into users (organization_id, email, display_name, role, allowed_role_types, sign_in_provider)
             select id, 'staff@workframe.io', 'Staff', 'org_admin', '{read,update}', 'custom' from organizations where client_key = 'staff'`);
  await run(`insert into sessions (user_id, token_hash, expires_at)
             select u.id, 'h' || u.id, now() + interval '1 day' from users u
             join organizations o on o.id = u.organization_id where o.client_key = 'big'`);
  await run('analyze');
}

await onEachDatabase('bench_organizations', ['batched (the service)', 'one UPDATE for all'] as const, async (kind, mode, database) => {
  await seed(database);
  const { db } = database;
  const repo = createOrganizationsRepository(db);
  // The users module disables the organization's people, as in the server (the app built in
  // process for it); the platform environments are this database, as the default one is.
  const inProcess = await startApp(database);
  const service = createOrganizationsService({
    db,
    repo,
    clock: systemClock,
    users: inProcess.app.services.users,
    sourceDb: async () => db,
    disableBatch: batch,
  });
  const [big] = (await database.executeSql(`select id from organizations where client_key = 'big'`, [])).rows as { id: string }[];
  const [staff] = (await database.executeSql(`select id from users where email = 'staff@workframe.io'`, [])).rows as { id: string }[];
  const report = (what: string, outcome: Record<string, unknown>) =>
    console.log(JSON.stringify({ database: kind, what, organizations: orgCount, users: userCount, ...outcome }));

  if (mode === 'batched (the service)') {
    for (const [what, query] of [
      ['list page 1, all', { page: 1, limit: 20, disabled: 'true' as const }],
      ['list page 50, active only', { page: 50, limit: 20 }],
      ['list filtered q=123', { page: 1, limit: 20, q: '123', disabled: 'true' as const }],
      ['list filtered q=big', { page: 1, limit: 20, q: 'big', disabled: 'true' as const }],
    ] as const) {
      await service.list(query);
      const { result, ...outcome } = await measure(database, () => service.list(query));
      report(what, { ...outcome, rows: result.organizations.length, total: result.total });
    }
    const { result, ...outcome } = await measure(database, () => service.get(big.id));
    report('get the big organization', { ...outcome, admins: result.organization.admins.length });
    // Each batch is a transaction (its statements do not reach the driver's query method on
    // PGlite): time the batches themselves.
    const batches: number[] = [];
    const disableUsers = repo.disableUsers;
    repo.disableUsers = async (...args) => {
      const started = performance.now();
      try {
        return await disableUsers(...args);
      } finally {
        batches.push(performance.now() - started);
      }
    };
    const started = performance.now();
    // Who acts, as the route's guard hands it over: the events of the change name them.
    const auth = { userId: staff.id, displayName: 'Staff', email: 'staff@workframe.io', isStaff: true, via: 'session' } as AuthContext;
    const { usersDisabled } = await service.update(auth, big.id, { disabled: true });
    batches.sort((a, b) => a - b);
    report(`disable, batches of ${batch}`, {
      totalMs: Math.round(performance.now() - started),
      batches: batches.length,
      medianBatchMs: Math.round(batches[Math.floor(batches.length / 2)]),
      longestBatchMs: Math.round(batches.at(-1) ?? 0),
      usersDisabled,
    });
  } else {
    const outcome = await measure(database, async () => {
      await db.execute(sql`update organizations set disabled_at = now() where id = ${big.id}`);
      await db.execute(sql`update users set disabled_at = now() where organization_id = ${big.id} and disabled_at is null`);
      await db.execute(sql`update sessions set revoked_at = now() where revoked_at is null
                           and user_id in (select id from users where organization_id = ${big.id})`);
    });
    report('disable, one UPDATE for all', outcome);
  }
  await inProcess.close();
});
