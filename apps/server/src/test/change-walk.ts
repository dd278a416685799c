/**
 * What the walk of writes (http/authorization-matrix.test.ts) compares around each call:
 * whether the call committed a change, and which events it recorded.
 *
 * "A change" is read generically: a fingerprint of every table of the application (schema
 * `public`: the job queue lives in `pgboss` and the migrations' ledger in `drizzle`, neither
 * a change a person reads about), each table's row count and the sum of its rows' hashes, in
 * one query. The sum of hashes sees an insert, an update and a delete of any column, in any
 * order. Left out: the tables and columns below, each with why it is no change to read about.
 */
import type { EventAction } from '@console/contracts';
import type { Database } from '../db/client.js';

/** Tables whose rows are no change a person would read about in the trail. */
export const notChangeTables: Record<string, string> = {
  events: 'the events themselves: the walk reads them on their own',
  rate_limit_hits: "counters of calls: a refused call spends the caller's budget too",
  request_log: "the external API's calls, written a batch at a time once answered: a log of calls, not a change",
  scim_events: "the Provisioning screen's log of what the identity provider sent, refusals included: a log of calls, not a change",
  saml_assertions_seen: 'SAML assertions already used to sign in, kept until they expire: a guard against replays, not a change',
  sso_login_states: 'a single sign-on round trip in flight, deleted when it comes back',
  webhook_deliveries:
    "the webhooks' delivery log: what was sent, made with the events it sends and by a test, retry or resend (a log of sends, not a change)",
  webhook_delivery_attempts: "each delivery's attempts: the delivery log",
};

/** Columns written by a caller's use of what they hold, not by a change (the key's or token's use is no event, decision 045). */
export const activityColumns: Record<string, string> = {
  last_activity_at: "a session's activity stamp, written once a minute by its person's requests",
  last_used_at: "an access key's or SCIM token's last use",
  last_sign_in_at: "a single sign-on connection's last sign-in: its use, which the session's own event records",
};

export type Fingerprint = Record<string, string>;

let fingerprintSql: string | undefined;

/** Each table's row count and hash sum, by name. */
export async function fingerprint(database: Database): Promise<Fingerprint> {
  if (!fingerprintSql) {
    const { rows } = await database.executeSql(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    const dropped = Object.keys(activityColumns)
      .map((c) => ` - '${c}'`)
      .join('');
    fingerprintSql = (rows as { table_name: string }[])
      .map((r) => r.table_name)
      .filter((name) => !(name in notChangeTables))
      .map(
        (name) =>
          `select '${name}' as t, count(*)::text || ':' || coalesce(sum(hashtextextended((to_jsonb(x)${dropped})::text, 0)), 0)::text as f from "${name}" x`,
      )
      .join(' union all ');
  }
  const { rows } = await database.executeSql(fingerprintSql);
  return Object.fromEntries((rows as { t: string; f: string }[]).map((r) => [r.t, r.f]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}

/** The events recorded since the last call (the first call reads those already there). */
export function eventsSince(database: Database) {
  const seen = new Set<string>();
  return async (): Promise<EventAction[]> => {
    const { rows } = await database.executeSql('select id::text as id, action from events');
    const fresh = (rows as { id: string; action: EventAction }[]).filter((r) => !seen.has(r.id));
    for (const r of fresh) seen.add(r.id);
    return fresh.map((r) => r.action);
  };
}
