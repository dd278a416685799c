/** SQL of single sign-on round trips in flight (sso_login_states). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoLoginStates } from '../../db/schema.js';

export type SsoLoginState = typeof ssoLoginStates.$inferInsert;

export function createSsoRepository(root: Db) {
  return {
    /** Round trips never finished (the person closed the tab) are deleted by the housekeeping job. */
    async insertLoginState(state: SsoLoginState, db: Db = root): Promise<void> {
      await db.insert(ssoLoginStates).values(state);
    },

    /** Takes the state out: each round trip can be finished once. */
    async takeLoginState(stateHash: string, db: Db = root) {
      const [row] = await db.delete(ssoLoginStates).where(eq(ssoLoginStates.stateHash, stateHash)).returning();
      return row;
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
