/**
 * What the code does differently on the embedded database (PGlite) and on PostgreSQL, in one
 * place: what each allows, and how much work suits one statement. client.ts gives every
 * database its profile (`database.profile`); code asks the profile, never which database it
 * is (`kind` is only reported: /health, metrics, the start log). Code that calls one driver's
 * own API (backups, the change feed's LISTEN, the migrator, COPY) reaches it through the
 * handle the database has, `pglite` or `pool`.
 */
export interface DatabaseProfile {
  /**
   * Other processes may use the database at the same time (PostgreSQL: API replicas and
   * workers). Then set-up at start is taken in turns on an advisory lock, a hold on an
   * import may be another live process's, and what a process keeps in DATA_DIR (files,
   * signing keys) must be shared by every one. The embedded database belongs to the one
   * process holding its directory's lock (lock.ts).
   */
  sharedByProcesses: boolean;
  /**
   * COPY … FROM STDIN streams on a connection of its own (PostgreSQL). PGlite has one
   * connection and runs its queries on the main thread: it copies from a blob, one short
   * COPY per batch.
   */
  copyFromStdin: boolean;
  /** Rows per user-import staging and apply batch (and per purge chunk) unless USER_IMPORT_BATCH_ROWS says. */
  importBatchRows: number;
  /**
   * At most so many rows per apply batch, whatever the batch. On the embedded database a batch
   * is one turn of its single connection, and a request that arrives during it waits for all
   * of it, so a small batch bounds that wait while costing an import alone little (decision 038
   * has the measures).
   */
  importApplyRowsMax: number;
  /** Rows per analytics report page: one short statement each, so the embedded database stays responsive. */
  reportPageRows: number;
  /** pg-boss's maintenance interval; undefined: pg-boss's own. On one embedded database every poll competes with requests. */
  jobMaintenanceIntervalSeconds: number | undefined;
}

export const embeddedProfile: DatabaseProfile = {
  sharedByProcesses: false,
  copyFromStdin: false,
  importBatchRows: 2_000,
  importApplyRowsMax: 250,
  reportPageRows: 1_000,
  jobMaintenanceIntervalSeconds: 300,
};

export const postgresProfile: DatabaseProfile = {
  sharedByProcesses: true,
  copyFromStdin: true,
  importBatchRows: 20_000,
  importApplyRowsMax: Number.POSITIVE_INFINITY,
  reportPageRows: 5_000,
  jobMaintenanceIntervalSeconds: undefined,
};
