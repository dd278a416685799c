/** The organizations module's refusals, shared by its services (codes in the contracts' `organizationErrorCodes`). */
import { CLIENT_KEY_UNAVAILABLE_MESSAGE, organizationErrorCodes } from '@console/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';

export const organizationNotFound = () => new NotFound('Organization not found.', organizationErrorCodes.notFound);
export const planTypeUnknown = () =>
  new ValidationError(
    'This plan type does not exist.',
    [{ path: '/planType', message: 'unknown' }],
    organizationErrorCodes.planTypeUnknown,
  );
export const emailTaken = () => new Conflict('This e-mail already belongs to a user.', organizationErrorCodes.emailTaken);
export const clientKeyUnavailable = () => new Conflict(CLIENT_KEY_UNAVAILABLE_MESSAGE, organizationErrorCodes.clientKeyUnavailable);
export const organizationDisabled = () => new Conflict('A disabled organization cannot be changed.', organizationErrorCodes.disabled);
/** Both a password and `invite: true` for a new organization's first admin, or neither: the field that settles it is named. */
export const firstAdminPasswordOrInvite = (both: boolean) =>
  new ValidationError(
    both
      ? 'Give the first admin either a password or invite: true, not both.'
      : 'Give the first admin a password, or invite: true to e-mail them an invitation.',
    [{ path: both ? '/invite' : '/password', message: both ? 'passwordOrInvite' : 'required' }],
    organizationErrorCodes.firstAdminPasswordOrInvite,
  );
export const managerExists = () =>
  new Conflict('This person is already a manager of this organization.', organizationErrorCodes.managerExists);

/** Runs `work`, turning a lost race on a unique key into the same answer as the check before it. */
export async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'client_key')) throw clientKeyUnavailable();
    if (isUniqueViolation(err, 'users_email')) throw emailTaken();
    if (isUniqueViolation(err, 'organization_managers_org_user')) throw managerExists();
    throw err;
  }
}
