/** SQL of single sign-on round trips in flight (sso_login_states). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoLoginStates } from '../../db/schema.js';

export type SsoLoginState = typeof ssoLoginStates.$inferInsert;

/** Round trips never finished (the person closed the tab) are deleted by the housekeeping job. */
export async function insertLoginState(db: Db, state: SsoLoginState): Promise<void> {
  await db.insert(ssoLoginStates).values(state);
}

/** Takes the state out: each round trip can be finished once. */
export async function takeLoginState(db: Db, stateHash: string) {
  const [row] = await db.delete(ssoLoginStates).where(eq(ssoLoginStates.stateHash, stateHash)).returning();
  return row;
}
