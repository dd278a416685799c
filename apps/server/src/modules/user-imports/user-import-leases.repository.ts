/**
 * The holds on user imports: one job run works on an import at a time. A run claims the
 * import, renews its hold at each checkpoint (which also writes its progress) and releases
 * it; a hold that ends unrenewed is of a run that died, and the resume sweep finds it.
 * Every method takes an optional executor last (`db`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { userImports } from '../../db/schema.js';
import { type ImportUpdate, liveImport, type UserImportRow } from './user-imports.repository.js';

export class LeaseLost extends Error {
  constructor() {
    super('The import was removed or taken over by another run.');
  }
}

export function createUserImportLeasesRepository(root: Db) {
  return {
    /** Takes (or renews) the import for this run; undefined when another run holds it or it is over. */
    async claimImport(id: string, owner: string, seconds: number, db: Db = root): Promise<UserImportRow | undefined> {
      const [row] = await db
        .update(userImports)
        .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(
          liveImport(
            id,
            eq(userImports.status, 'processing'),
            sql`(${userImports.leaseOwner} IS NULL OR ${userImports.leaseUntil} < now() OR ${userImports.leaseOwner} = ${owner})`,
          ),
        )
        .returning();
      return row;
    },

    /** Seconds until another run's hold on a processing import ends; undefined when nothing is left to do. */
    async leaseWait(id: string, db: Db = root): Promise<number | undefined> {
      const [row] = await sqlRows<{ wait: number | null }>(
        db,
        sql`SELECT greatest(0, extract(epoch FROM lease_until - now()))::float8 AS wait FROM ${userImports}
            WHERE id = ${id} AND status = 'processing' AND deleted_at IS NULL`,
      );
      return row ? (row.wait ?? 0) : undefined;
    },

    /** Renews the hold and writes progress; fails with LeaseLost when the import is removed or taken. */
    async checkpoint(id: string, owner: string, seconds: number, values: ImportUpdate = {}, db: Db = root): Promise<void> {
      const rows = await db
        .update(userImports)
        .set({ ...values, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(liveImport(id, eq(userImports.leaseOwner, owner)))
        .returning({ id: userImports.id });
      if (rows.length === 0) throw new LeaseLost();
    },

    /**
     * Parks a validated import at its summary: awaiting the admin's confirmation, with no hold
     * (nothing runs it until Confirm queues a run); fails with LeaseLost like a checkpoint.
     */
    async awaitConfirmation(id: string, owner: string, values: ImportUpdate, db: Db = root): Promise<void> {
      const rows = await db
        .update(userImports)
        .set({ ...values, status: 'awaiting_confirmation', leaseOwner: null, leaseUntil: null })
        .where(liveImport(id, eq(userImports.leaseOwner, owner), eq(userImports.status, 'processing')))
        .returning({ id: userImports.id });
      if (rows.length === 0) throw new LeaseLost();
    },

    async releaseImport(id: string, owner: string, db: Db = root): Promise<void> {
      await db
        .update(userImports)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(userImports.id, id), eq(userImports.leaseOwner, owner)));
    },

    /** Imports that should be running and are not: no run holds them (after a crash, say). */
    async orphanedImports(db: Db = root): Promise<string[]> {
      const rows = await sqlRows<{ id: string }>(
        db,
        sql`SELECT id FROM ${userImports} WHERE status = 'processing' AND deleted_at IS NULL
            AND (lease_until IS NULL OR lease_until < now()) ORDER BY created_at`,
      );
      return rows.map((r) => r.id);
    },

    /** Processing imports that a run holds, with the seconds its hold has left. */
    async heldImports(db: Db = root): Promise<{ id: string; wait: number }[]> {
      return sqlRows<{ id: string; wait: number }>(
        db,
        sql`SELECT id, extract(epoch FROM lease_until - now())::float8 AS wait FROM ${userImports}
            WHERE status = 'processing' AND deleted_at IS NULL AND lease_until >= now()`,
      );
    },

    /** On the embedded database one process owns the data: every hold is of a process that died. */
    async dropAllLeases(db: Db = root): Promise<void> {
      await db.update(userImports).set({ leaseOwner: null, leaseUntil: null }).where(eq(userImports.status, 'processing'));
    },
  };
}

export type UserImportLeasesRepository = ReturnType<typeof createUserImportLeasesRepository>;
