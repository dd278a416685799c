/** The options an organization's next user import starts from: those its last console upload chose. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userImportPreferences } from '../../db/schema.js';

export function createUserImportPreferencesRepository(root: Db) {
  return {
    /** The options the organization's last upload chose, if any. */
    async preferredOptions(organizationId: string, db: Db = root): Promise<unknown> {
      const [row] = await db
        .select({ options: userImportPreferences.options })
        .from(userImportPreferences)
        .where(eq(userImportPreferences.organizationId, organizationId));
      return row?.options;
    },

    async savePreferredOptions(organizationId: string, options: object, db: Db = root): Promise<void> {
      await db
        .insert(userImportPreferences)
        .values({ organizationId, options })
        .onConflictDoUpdate({ target: userImportPreferences.organizationId, set: { options, updatedAt: sql`now()` } });
    },
  };
}
