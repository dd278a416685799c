/**
 * The organizations and what is read of them: the Super area's organizations, managers and
 * settings, the events' reads (the audit trail, its export, the events API), look-ups and the
 * People screen.
 */
import { createEventsTrailService } from '../modules/events/events-trail.service.js';
import { createLookupService } from '../modules/lookup/lookup.service.js';
import { createOrganizationManagersService } from '../modules/organizations/organization-managers.service.js';
import { createOrganizationSettingsService } from '../modules/organizations/organization-settings.service.js';
import { createOrganizationsService } from '../modules/organizations/organizations.service.js';
import { createPeopleService } from '../modules/users/people.service.js';
import type { currentSourceEnvs } from '../modules/workflow-imports/source-envs.js';
import type { Identity } from './identity.js';
import type { Wiring } from './shared.js';

export function buildOrganizations(
  { deps, db, repositories, downloadUrls }: Wiring,
  given: { identity: Identity; sourceEnvs: ReturnType<typeof currentSourceEnvs> },
) {
  const { config, clock, blobs } = deps;
  const { identity } = given;
  // The organizations list reads other environments too (WORKFLOW_SOURCE_ENVS).
  const organizations = createOrganizationsService({
    db,
    repo: repositories.organizations,
    managers: repositories.organizationManagers,
    clock,
    users: identity.users,
    createInvitation: identity.invitations.create,
    sendInvitation: identity.invitations.send,
    sourceDb: (name) => given.sourceEnvs.db(name),
  });
  return {
    organizations,
    // Reading the events (the audit trail, its export, the events API); the recorder is modules/events/record.ts.
    eventsTrail: createEventsTrailService({ db, repo: repositories.eventsTrail, clock, assertOrganization: organizations.assertExists }),
    organizationManagers: createOrganizationManagersService({
      db,
      repo: repositories.organizationManagers,
      organizations: repositories.organizations,
      clock,
      users: identity.users,
      sendInvitation: identity.invitations.send,
      createInvitation: identity.invitations.create,
    }),
    organizationSettings: createOrganizationSettingsService({
      db,
      repo: repositories.organizationSettings,
      organizations: repositories.organizations,
      clock,
      endPasswordSessions: identity.sessions.endPasswordSessions,
      // "SSO login only" follows the organization's own connections (decision 062).
      signedInConnection: repositories.ssoConnections.hasSignedInConnection,
    }),
    lookup: createLookupService({
      repo: repositories.lookup,
      blobs,
      signer: downloadUrls,
      apiBasePath: config.API_BASE_PATH,
      clock,
    }),
    // The People screen: the organization's directory and its invitations (modules/users/people.*).
    people: createPeopleService({
      repo: repositories.people,
      db,
      clock,
      isStaffAddress: identity.users.isStaffAddress,
      createInvitation: identity.invitations.create,
      sendInvitation: identity.invitations.send,
    }),
  };
}
