/**
 * POST auth/track-activity: the signed-in person tells the server they are using the console,
 * with this device, so the sessions list shows when and where each session was last used. The
 * guards report it as a signed-in page opens (the first page after signing in too), at most
 * once per ACTIVITY_REPORT_MS in a tab: the server's own stamp is by the minute, and the list
 * needs no finer grain. A report that fails changes nothing for the person.
 */
import type { AuthenticatedUser } from '@console/contracts/auth';
import { firstPageRoutes as routes } from '@console/contracts/auth-constants';
import { api } from '../../../lib/api';
import { deviceInfo } from './session';

export const ACTIVITY_REPORT_MS = 5 * 60_000;

let last: { uid: string; at: number } | null = null;

export function reportActivity(user: Pick<AuthenticatedUser, 'uid' | 'email'>, now = Date.now()): void {
  // Another person signed in in this tab reports at once.
  if (last && last.uid === user.uid && now - last.at < ACTIVITY_REPORT_MS) return;
  last = { uid: user.uid, at: now };
  api(routes.trackActivity, { body: { userId: user.uid, email: user.email, deviceInfo: deviceInfo() } }).catch(() => undefined);
}
