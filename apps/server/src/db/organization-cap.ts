/**
 * A cap on the rows an organization holds (access keys, webhook endpoints, SCIM tokens),
 * counted at create. Two creations in one organization must not both count below the cap and
 * both insert, so each first locks the organization's row: they wait for each other, and the
 * second counts the first's row. The lock lives here, not in each module, since the
 * `organizations` table belongs to the organizations module.
 */
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { organizations } from './schema.js';

/** Locks the organization's row until the transaction ends: creations in one organization happen one at a time. */
export async function lockOrganization(db: Db, organizationId: string) {
  await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
}

/** The organization's rows of `table`, counted after locking its row (run it in the creation's transaction). */
export async function countForCreate(db: Db, table: PgTable & { organizationId: AnyPgColumn }, organizationId: string) {
  await lockOrganization(db, organizationId);
  return db.$count(table, eq(table.organizationId, organizationId));
}
