/** SQL of single sign-on round trips in flight (sso_login_states). */
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoLoginStates } from '../../db/schema.js';

export type SsoLoginState = typeof ssoLoginStates.$inferInsert;

export async function insertLoginState(db: Db, state: SsoLoginState, now: Date): Promise<void> {
  // Round trips never finished (the person closed the tab) are dropped as new ones start.
  await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now));
  await db.insert(ssoLoginStates).values(state);
}

/** Takes the state out: each round trip can be finished once. */
export async function takeLoginState(db: Db, stateHash: string) {
  const [row] = await db.delete(ssoLoginStates).where(eq(ssoLoginStates.stateHash, stateHash)).returning();
  return row;
}
