/**
 * The columns of a user's profile (docs/decisions/042-users-profile-and-owner.md), as every
 * reader selects them: the People screen, the staff's lookup, SCIM. The users module owns the
 * profile and is its one writer; the list lives here, in db/, because the readers are
 * repositories of other modules too, and a module never imports another module's repository.
 * The enterprise `organization` is left to each reader: each names it for its own view.
 */
import { users } from './schema.js';

export const profileColumns = {
  givenName: users.givenName,
  familyName: users.familyName,
  formattedName: users.formattedName,
  userName: users.userName,
  workEmail: users.workEmail,
  title: users.title,
  phone: users.phone,
  department: users.department,
  costCenter: users.costCenter,
  division: users.division,
};
