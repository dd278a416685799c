/** The /auth/{app?}/{status} pages that exist (invitation/*: invitations; password/*: forgotten passwords); anything else is a 404. */
import { ssoProviders } from '@console/contracts/auth-constants';

export function isAuthResult(app: string | undefined, status: string | undefined): boolean {
  if (status === 'error') return true;
  if (status === 'success') return !!app && (ssoProviders as readonly string[]).includes(app);
  if (app === 'custom') return status === 'sign-in';
  if (app === 'invitation') return status === 'accept' || status === 'activate' || status === 'ready';
  if (app === 'password') return status === 'forgot' || status === 'reset';
  return false;
}
