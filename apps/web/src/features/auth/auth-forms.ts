/**
 * The pages of /auth/{app}/{status} that are forms of their own rather than a sign-in's
 * result, each its own chunk (the password policy brings zod, which the other results do not
 * need). Kept apart from the page so the route's loader can start the form's chunk beside
 * the page's: a link of an e-mail then waits for one round trip of code, not two in a row.
 */
import type { ComponentType } from 'react';
import { withChunkReload } from '../../lib/chunk-reload';

/** A form's component and, for a link's form, what starts the link's check before it renders. */
type FormModule = Promise<{ default: ComponentType; prefetch?: (url: URL) => void }>;

const forms: Record<string, () => FormModule> = {
  'invitation/accept': withChunkReload(() =>
    import('./components/InvitationForm').then((m) => ({ default: m.InvitationForm, prefetch: m.prefetch })),
  ),
  'invitation/activate': withChunkReload(() =>
    import('./components/ActivationForm').then((m) => ({ default: m.ActivationForm, prefetch: m.prefetch })),
  ),
  'invitation/ready': withChunkReload(() => import('./components/AccountReady').then((m) => ({ default: m.AccountReady }))),
  'password/forgot': withChunkReload(() => import('./components/ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm }))),
  'password/reset': withChunkReload(() =>
    import('./components/ResetPasswordForm').then((m) => ({ default: m.ResetPasswordForm, prefetch: m.prefetchResetLink })),
  ),
};

/**
 * Loads the form at /auth/{app}/{status}, if that page is one, and starts its link's check
 * (a phone then waits for the page's code and the check side by side, not one after the other).
 */
export function preloadAuthForm(app: string | undefined, status: string | undefined, url: URL): void {
  authFormLoader(app, status)?.()
    .then((form) => form.prefetch?.(url))
    .catch(() => undefined);
}

/** The loader of the form at /auth/{app}/{status}, if that page is one. */
export function authFormLoader(app?: string, status?: string): (() => FormModule) | undefined {
  return Object.hasOwn(forms, `${app}/${status}`) ? forms[`${app}/${status}`] : undefined;
}
