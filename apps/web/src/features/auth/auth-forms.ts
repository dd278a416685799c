/**
 * The pages of /auth/{app}/{status} that are forms of their own rather than a sign-in's
 * result, each its own chunk (the password policy brings zod, which the other results do not
 * need). Kept apart from the page so the route's loader can start the form's chunk beside
 * the page's: a link of an e-mail then waits for one round trip of code, not two in a row.
 */
import type { ComponentType } from 'react';
import { withChunkReload } from '../../lib/chunk-reload';

type FormModule = Promise<{ default: ComponentType }>;

const forms: Record<string, () => FormModule> = {
  'invitation/accept': withChunkReload(() => import('./components/InvitationForm').then((m) => ({ default: m.InvitationForm }))),
  'invitation/activate': withChunkReload(() => import('./components/ActivationForm').then((m) => ({ default: m.ActivationForm }))),
  'invitation/ready': withChunkReload(() => import('./components/AccountReady').then((m) => ({ default: m.AccountReady }))),
  'password/forgot': withChunkReload(() => import('./components/ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm }))),
  'password/reset': withChunkReload(() => import('./components/ResetPasswordForm').then((m) => ({ default: m.ResetPasswordForm }))),
};

/** The loader of the form at /auth/{app}/{status}, if that page is one. */
export function authFormLoader(app?: string, status?: string): (() => FormModule) | undefined {
  return Object.hasOwn(forms, `${app}/${status}`) ? forms[`${app}/${status}`] : undefined;
}
