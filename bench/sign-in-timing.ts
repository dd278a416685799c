// How long a wrong password sign-in (POST /api/auth/sign-in) takes for each kind of e-mail:
// a person with a password, a person without one (staff, SSO users, invitees), an unknown
// address. Equal medians mean the time of the answer does not tell which kind an address is
// (the test auth.sign-in-timing.test.ts counts the verifications that make them equal).
// Usage: npx tsx bench/sign-in-timing.ts [attempts per kind=40]
//   BENCH_DATABASE_URL=postgres://… adds a run on a scratch database of that server.
import type { Database } from '../apps/server/src/db/client.js';
import { createOrganization, createUser } from '../apps/server/src/test/factories.js';
import { onEachDatabase, startApp } from './measure.js';

const attempts = Number(process.argv[2] ?? 40);

async function timeSignIns(database: Database) {
  // No lockout in the way: each attempt is a wrong password, at most a few per account.
  const { app, close } = await startApp(database, { SIGN_IN_RATE_LIMIT_MAX: '1000000' });
  const org = await createOrganization(database.db);
  const emails = {
    'with a password': async () => (await createUser(database.db, org.id)).email!,
    'without a password': async () => (await createUser(database.db, org.id, { passwordHash: null, signInProvider: 'google' })).email!,
    unknown: async (i: number) => `nobody.${i}@example.com`,
  };
  const times: Record<string, number[]> = {};
  for (const kind of Object.keys(emails)) times[kind] = [];
  // Interleaved, a fresh account each time, so load on the machine falls on every kind alike.
  for (let i = 0; i < attempts; i++) {
    for (const [kind, email] of Object.entries(emails)) {
      const address = await email(i);
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: address, password: 'Wrong-Guess-1!' } });
      times[kind].push(performance.now() - started);
      if (res.statusCode !== 401) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
    }
  }
  await close();
  return Object.entries(times).map(([kind, ms]) => {
    ms.sort((a, b) => a - b);
    return { kind, medianMs: Math.round(ms[Math.floor(ms.length / 2)]), p90Ms: Math.round(ms[Math.floor(ms.length * 0.9)]) };
  });
}

await onEachDatabase('bench_sign_in_timing', ['wrong password'] as const, async (kind, _run, database) => {
  console.log(kind);
  console.table(await timeSignIns(database));
});
