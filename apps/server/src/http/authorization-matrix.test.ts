/**
 * The authorization matrix: every route the real app registers × every persona
 * (test/personas.ts), with the outcome the product gives (docs/product.md, "Roles and
 * access"; http/guards.ts; each module's routes). The routes are collected from the
 * app itself (Fastify's `fastify.initialization` diagnostics channel adds an `onRoute` hook
 * before anything is registered), so a new route without a row in `matrix` fails the suite.
 *
 * Every probe names objects of ONE organization ("home"): the other organization's admin
 * (and staff in the regular area, where they are org_admins of the staff organization) must
 * be refused 404 for each of them and see none of home's data in lists. Every refused,
 * foreign or reading probe runs between two dumps of the whole database, which must be equal
 * (but for rate-limit counters and activity stamps); other organizations' own writes may add
 * rows of theirs, never one of home's; then the allowed writes run, on fresh objects where
 * they spend theirs.
 *
 * Outcomes: `deny` = 401/403 from the guard (or the service's role check); `foreign` = the
 * guard admits the caller but the object is another organization's (404), or a list of the
 * caller's own organization without any of home's data; `allow` = neither 401 nor 403 (a
 * 400 is fine: the guard passed) nor 404 for an object named by its real id.
 */

import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import {
  ACCESS_KEY_AREA_NAMES,
  type AccessKeyArea,
  type AccessLevel,
  accessLevels,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  type EventAction,
  eventsRecordedByReads,
  eventsRecordedByRefusals,
  externalApiErrorCodes,
  externalApiPermissions,
  externalApiRoutes,
  NO_AREAS,
  type OrgRole,
} from '@console/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema.js';
import { GROUP_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from '../modules/provisioning/scim.fixtures.js';
import { readCertificate } from '../modules/sso-connections/saml/saml-certificates.js';
import { storedCertificate } from '../modules/sso-connections/saml-view.js';
import { multipartBody } from '../modules/user-imports/user-imports.fixtures.js';
import { createWorkflow } from '../modules/workflow-imports/workflow-imports.fixtures.js';
import { changedTables, eventsSince, fingerprint } from '../test/change-walk.js';
import { createOrganization, createScimToken, createUser, createWorkspace } from '../test/factories.js';
import { createPersonas, type Persona, type PersonaName, type PersonaWorld, personaNames } from '../test/personas.js';
import { createSamlIdp, makeSigningKey } from '../test/saml-idp.js';
import { idTokenFor, signIn } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { hashSecret } from './secrets.js';

type Outcome = 'allow' | 'deny' | 'foreign';

/** Who a route's guard admits. */
type Access =
  /** Open by design; the reason is part of the row. Every persona must get the same answer. */
  | { public: string }
  /** requireSignedIn: Organizational Admins and staff. */
  | 'signedIn'
  /** requireOrgAdmin: the regular area, scoped to the caller's organization. */
  | 'orgAdmin'
  /** requireStaff('read') / requireStaff('update'): the Super area, every organization. */
  | 'staffRead'
  | 'staffUpdate'
  /** The external API's guard: key + idToken of the same organization, a password user of an API role; `roles` narrows it further (the service's check). */
  | { api: readonly OrgRole[] }
  /** The operator's bearer token of the configuration (METRICS_TOKEN): no persona holds it, each is refused 401. */
  | 'operatorToken'
  /** An organization's SCIM token (identity providers hold them, modules/scim): no persona does, each is refused 401. */
  | 'scimToken';

interface Fixtures {
  homeOrgId: string;
  homeAdminId: string;
  targetUserId: string;
  targetUserEmail: string;
  sessionId: string;
  keyId: string;
  scimTokenId: string;
  importId: string;
  workspaceId: string;
  workflowId: string;
  generationId: string;
  reportUrl: string;
  videoUrl: string;
  managerId: string;
  workflowImportId: string;
  webhookId: string;
  webhookDeliveryId: string;
  domainId: string;
  ssoConnectionId: string;
  requestLogId: string;
}

interface Row {
  access: Access;
  /**
   * What the request names: `object` = an object of home by its id (other organizations: 404);
   * `own` = only the caller's own organization or self (others: allowed, without home's data).
   */
  scope?: 'object' | 'own';
  /** Outcomes that differ from what `access` and `scope` give (a rule of the service). */
  personas?: Partial<Record<PersonaName, Outcome>>;
  request: (ids: Fixtures, me: Persona) => Omit<InjectOptions, 'method' | 'url'> & { url: string };
  /** Fresh objects for an allowed write that would spend its target (a delete, a disable). */
  fresh?: (me: Persona) => Promise<Partial<Fixtures>>;
  /** Run after every other probe (it ends the caller's session). */
  last?: boolean;
}

const API_ALL = ['org_admin', 'workspace_admin', 'publisher'] as const;
const json = (payload: object) => ({ payload, headers: { 'content-type': 'application/json' } });

let t: TestApp;
let world: PersonaWorld;
let ids: Fixtures;
const registered: string[] = [];

/** Helpers of the fresh objects, set in beforeAll. */
let freshSession: () => Promise<Partial<Fixtures>>;
let freshKey: () => Promise<Partial<Fixtures>>;
let freshScimToken: () => Promise<Partial<Fixtures>>;
let freshImport: () => Promise<Partial<Fixtures>>;
let freshUser: () => Promise<Partial<Fixtures>>;
/** A viewer of home without a password: an invitation may be sent to them. */
let freshInvitee: () => Promise<Partial<Fixtures>>;
let freshWebhook: () => Promise<Partial<Fixtures>>;
let freshDomain: () => Promise<Partial<Fixtures>>;
let freshSsoConnection: () => Promise<Partial<Fixtures>>;

/** A SAML connection of home whose identity provider trusts two certificates, the first the matrix's own. */
const matrixCertificates = [makeSigningKey(), makeSigningKey()].map((k) => storedCertificate(readCertificate(k.certPem), 'manual'));
const MATRIX_FINGERPRINT = matrixCertificates[0].fingerprint;
async function freshSamlConnection(): Promise<string> {
  // The matrix's fresh connection, made a SAML one with its identity provider set up.
  const id = (await freshSsoConnection()).ssoConnectionId!;
  await t.database.db
    .update(schema.ssoConnections)
    .set({
      kind: 'saml',
      issuer: null,
      clientId: null,
      clientSecret: null,
      samlIdpEntityId: 'https://idp.matrix.example',
      samlSsoUrl: 'https://idp.matrix.example/sso',
      samlCertificates: matrixCertificates,
    })
    .where(eq(schema.ssoConnections.id, id));
  return id;
}

/** An unknown e-mail per persona: per-account throttles of the sign-in routes see each once. */
const nobody = (me: Persona) => `nobody.${me.name.toLowerCase()}@matrix.example`;
/** A probe of a fixed URL. */
const at = (url: string) => () => ({ url });

/** Every SCIM route: refused (401) to every persona, whose credentials are console sessions and API keys. */
function scimRows(): Record<string, Row> {
  const id = '00000000-0000-4000-8000-000000000000';
  const rows: Record<string, Row> = {};
  const add = (method: string, path: string, url = path.replace(':id', id)) => {
    rows[`${method} /api/scim/v2${path}`] = {
      access: 'scimToken',
      request: () => ({ url: `/api/scim/v2${url}`, ...(method === 'GET' || method === 'DELETE' ? {} : json({})) }),
    };
  };
  for (const path of ['/ServiceProviderConfig', '/ResourceTypes', '/ResourceTypes/:id', '/Schemas', '/Schemas/:id']) add('GET', path);
  for (const resource of ['/Users', '/Groups']) {
    add('GET', resource);
    add('POST', resource);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) add(method, `${resource}/:id`);
  }
  return rows;
}

/** One row per `METHOD path` the app registers (HEAD twins of GET routes share the GET's row). */
const matrix: Record<string, Row> = {
  // Outside the API base path: probes of the platform.
  'GET /healthz': { access: { public: 'liveness probe' }, request: at('/healthz') },
  'GET /readyz': { access: { public: 'readiness probe' }, request: at('/readyz') },
  'GET /metrics': { access: 'operatorToken', request: at('/metrics') },
  'GET /.well-known/jwks.json': { access: { public: 'public keys that verify idTokens' }, request: at('/.well-known/jwks.json') },

  // Before sign-in.
  'GET /api/app-config': { access: { public: 'what the sign-in page needs' }, request: at('/api/app-config') },
  'GET /api/auth/jwks': { access: { public: 'public keys that verify idTokens' }, request: at('/api/auth/jwks') },
  'GET /api/auth/:provider/check': {
    access: { public: 'the e-mail step of sign-in; same answer with or without an account' },
    request: (_f, me) => ({ url: `/api/auth/password/check?email=${encodeURIComponent(nobody(me))}` }),
  },
  'POST /api/auth/sign-in': {
    access: { public: 'the password step of sign-in' },
    request: (_f, me) => ({ url: '/api/auth/sign-in', ...json({ email: nobody(me), password: 'Wrong-Password-1!' }) }),
  },
  'POST /api/auth/custom': {
    access: { public: 'redeems a one-time sign-in link: the token is the credential' },
    request: () => ({ url: '/api/auth/custom', ...json({ token: 'not-a-real-sign-in-link-token' }) }),
  },
  'POST /api/auth/invitation/accept': {
    access: { public: 'accepts an invitation: the token is the credential' },
    request: () => ({ url: '/api/auth/invitation/accept', ...json({ token: 'not-a-real-invitation', password: 'Valid-Passw0rd!' }) }),
  },
  'GET /api/auth/invitation': {
    access: { public: 'checks an invitation link as its page loads: the token is the credential; names the person only while it works' },
    request: () => ({ url: '/api/auth/invitation?token=not-a-real-invitation' }),
  },
  'POST /api/auth/invitation/activate': {
    access: { public: 'activates an account of the platform app with an invitation: the token is the credential; no session' },
    request: () => ({ url: '/api/auth/invitation/activate', ...json({ token: 'not-a-real-invitation', password: 'Valid-Passw0rd!' }) }),
  },
  'POST /api/auth/password-reset/request': {
    access: { public: 'asks for a reset link: the same answer for every address, the link goes to its mailbox' },
    request: (_f, me) => ({ url: '/api/auth/password-reset/request', ...json({ email: nobody(me) }) }),
  },
  'POST /api/auth/password-reset/check': {
    access: { public: 'checks a reset link as its page loads: the token is the credential' },
    request: () => ({ url: '/api/auth/password-reset/check', ...json({ token: 'not-a-real-reset-token' }) }),
  },
  'POST /api/auth/password-reset': {
    access: { public: 'sets a new password with a reset link: the token is the credential' },
    request: () => ({ url: '/api/auth/password-reset', ...json({ token: 'not-a-real-reset-token', password: 'Valid-Passw0rd!' }) }),
  },
  'POST /api/auth': {
    access: { public: 'opens a session from an idToken: the idToken is the credential' },
    request: (_f, me) => ({ url: '/api/auth', ...json({ idToken: 'not-an-id-token', email: nobody(me) }) }),
  },
  'POST /api/auth/validate-oauth': {
    access: { public: 'tells whether a credential is valid; never refuses' },
    request: () => ({ url: '/api/auth/validate-oauth', ...json({}) }),
  },
  'DELETE /api/logout': {
    access: { public: "signing out is always allowed and ends only the caller's own session" },
    request: at('/api/logout'),
    last: true,
  },
  'GET /api/auth/:provider/start': {
    access: { public: 'starts single sign-on' },
    request: at('/api/auth/google/start?redirect=%2Fdashboard'),
  },
  'GET /api/auth/:provider/callback': {
    access: { public: "the SSO provider's redirect back: the state cookie and the code are the credential" },
    request: at('/api/auth/google/callback?code=x&state=y'),
  },
  'POST /api/v1/auth/token': {
    access: { public: 'the API sign-in: e-mail and password are the credential' },
    request: (_f, me) => ({ url: '/api/v1/auth/token', ...json({ email: nobody(me), password: 'Wrong-Password-1!' }) }),
  },
  'GET /api/v1/openapi.json': { access: { public: 'the published API description' }, request: at('/api/v1/openapi.json') },
  'GET /api/v1/reference': { access: { public: 'the API reference page' }, request: at('/api/v1/reference') },
  'GET /api/v1/reference/': { access: { public: 'the API reference page' }, request: at('/api/v1/reference/') },
  'GET /api/v1/reference/js/scalar.js': {
    access: { public: "the reference page's script" },
    request: at('/api/v1/reference/js/scalar.js'),
  },

  // Signed in: one's own session; an Organizational Admin also for users of their organization; staff for anyone.
  'GET /api/auth/me': { access: 'signedIn', scope: 'own', request: at('/api/auth/me') },
  // One's own language: the body names no one, so nobody can set another's.
  'PUT /api/auth/me/locale': {
    access: 'signedIn',
    scope: 'own',
    request: () => ({ url: '/api/auth/me/locale', ...json({ locale: 'en' }) }),
  },
  'POST /api/auth/track-activity': {
    access: 'signedIn',
    scope: 'own',
    // Only one's own activity: someone else's user id is refused with 403, whoever asks.
    personas: { otherOrgAdmin: 'deny' },
    request: (f, me) => ({
      url: '/api/auth/track-activity',
      ...json({ userId: me.org === 'other' ? f.homeAdminId : me.userId, email: null }),
    }),
  },
  // Staff may read anyone's sessions and, with `update`, sign them out (sessions.service.ts, assertMayManage).
  'GET /api/auth/sessions': {
    access: 'signedIn',
    scope: 'object',
    personas: { staffRead: 'allow', staffUpdate: 'allow' },
    request: (f) => ({ url: `/api/auth/sessions?userId=${f.targetUserId}` }),
  },
  'DELETE /api/auth/sessions/:id': {
    access: 'signedIn',
    scope: 'object',
    personas: { staffRead: 'deny', staffUpdate: 'allow' },
    request: (f) => ({ url: `/api/auth/sessions/${f.sessionId}` }),
    fresh: () => freshSession(),
  },

  // The regular area: Organizational Admins, their own organization only.
  'GET /api/integrations': { access: 'orgAdmin', scope: 'own', request: at('/api/integrations') },
  'POST /api/integrations': {
    access: 'orgAdmin',
    scope: 'own',
    request: () => ({ url: '/api/integrations', ...json({}) }),
  },
  'PUT /api/integration/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/integration/${f.keyId}`, ...json({ name: 'Renamed', description: 'by the matrix' }) }),
  },
  'DELETE /api/integration/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/integration/${f.keyId}` }),
    fresh: () => freshKey(),
  },
  'POST /api/integration/:id/roll': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/integration/${f.keyId}/roll`, ...json({ gracePeriod: 'now' }) }),
    fresh: () => freshKey(),
  },
  // The Webhooks screen (modules/webhooks): the organization's endpoints.
  'GET /api/webhooks': { access: 'orgAdmin', scope: 'own', request: at('/api/webhooks') },
  'POST /api/webhooks': { access: 'orgAdmin', scope: 'own', request: () => ({ url: '/api/webhooks', ...json({}) }) },
  'GET /api/webhook/:id': { access: 'orgAdmin', scope: 'object', request: (f) => ({ url: `/api/webhook/${f.webhookId}` }) },
  'PATCH /api/webhook/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/webhook/${f.webhookId}`, ...json({ description: 'by the matrix' }) }),
  },
  'DELETE /api/webhook/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/webhook/${f.webhookId}` }),
    fresh: () => freshWebhook(),
  },
  'POST /api/webhook/:id/roll': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/webhook/${f.webhookId}/roll`, ...json({ gracePeriod: 'now' }) }),
  },
  // The Single sign-on screen's domains (modules/domains).
  'GET /api/domains': { access: 'orgAdmin', scope: 'own', request: at('/api/domains') },
  'POST /api/domains': { access: 'orgAdmin', scope: 'own', request: () => ({ url: '/api/domains', ...json({}) }) },
  'POST /api/domain/:id/verify': { access: 'orgAdmin', scope: 'object', request: (f) => ({ url: `/api/domain/${f.domainId}/verify` }) },
  'DELETE /api/domain/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/domain/${f.domainId}` }),
    fresh: () => freshDomain(),
  },
  // An organization's domains in the Super area (modules/domains).
  'GET /api/organization/:id/domains': { access: 'staffRead', request: (f) => ({ url: `/api/organization/${f.homeOrgId}/domains` }) },
  'POST /api/organization/:id/domains/:domainId/verify': {
    access: 'staffUpdate',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/domains/${f.domainId}/verify` }),
    fresh: () => freshDomain(),
  },
  // The Provisioning screen (modules/provisioning/provisioning.*).
  'GET /api/provisioning': { access: 'orgAdmin', scope: 'own', request: at('/api/provisioning') },
  'POST /api/provisioning/tokens': {
    access: 'orgAdmin',
    scope: 'own',
    request: () => ({ url: '/api/provisioning/tokens', ...json({ name: 'Okta production' }) }),
  },
  'PATCH /api/provisioning/token/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/provisioning/token/${f.scimTokenId}`, ...json({ name: 'Entra ID production' }) }),
    // A token of its own each time, whose name the rename really changes.
    fresh: () => freshScimToken(),
  },
  'POST /api/provisioning/token/:id/roll': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/provisioning/token/${f.scimTokenId}/roll`, ...json({ gracePeriod: 'now' }) }),
    fresh: () => freshScimToken(),
  },
  'DELETE /api/provisioning/token/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/provisioning/token/${f.scimTokenId}` }),
    fresh: () => freshScimToken(),
  },
  'PUT /api/provisioning/config': { access: 'orgAdmin', scope: 'own', request: () => ({ url: '/api/provisioning/config', ...json({}) }) },
  'PUT /api/provisioning/config/managesAdmins': {
    access: 'orgAdmin',
    scope: 'own',
    request: () => ({ url: '/api/provisioning/config/managesAdmins', ...json({}) }),
  },
  'GET /api/provisioning/events': { access: 'orgAdmin', scope: 'own', request: at('/api/provisioning/events') },

  // The People screen (modules/users/people.*): the organization's directory, and a person's invitation sent again.
  'GET /api/people': { access: 'orgAdmin', scope: 'own', request: at('/api/people?q=a&status=active&source=console&limit=5') },
  'GET /api/person/:id': { access: 'orgAdmin', scope: 'object', request: (f) => ({ url: `/api/person/${f.targetUserId}` }) },
  'POST /api/person/:id/invitation': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/person/${f.targetUserId}/invitation` }),
    fresh: () => freshInvitee(),
  },

  // The audit trail (modules/events): an Organizational Admin's own organization; staff (read-only too) any organization's.
  'GET /api/events': { access: 'orgAdmin', scope: 'own', request: at('/api/events?limit=5') },
  'GET /api/events/export': { access: 'orgAdmin', scope: 'own', request: at('/api/events/export?format=jsonl') },
  // The request log (modules/request-log): an Organizational Admin's own organization's calls of the external API.
  'GET /api/request-log': { access: 'orgAdmin', scope: 'own', request: at('/api/request-log?status=2xx&limit=5') },
  'GET /api/request-log/:id': { access: 'orgAdmin', scope: 'object', request: (f) => ({ url: `/api/request-log/${f.requestLogId}` }) },
  // The dashboard's integration health (modules/integration-health): the guard of the screens whose figures it shows.
  'GET /api/integration-health': { access: 'orgAdmin', scope: 'own', request: at('/api/integration-health') },
  // The Single sign-on screen (modules/sso-connections): the organization's connections.
  'GET /api/sso-connections': { access: 'orgAdmin', scope: 'own', request: at('/api/sso-connections') },
  'POST /api/sso-connections': { access: 'orgAdmin', scope: 'own', request: () => ({ url: '/api/sso-connections', ...json({}) }) },
  'GET /api/sso-connection/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}` }),
  },
  'PATCH /api/sso-connection/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}`, ...json({ name: 'by the matrix' }) }),
  },
  'DELETE /api/sso-connection/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}` }),
    fresh: () => freshSsoConnection(),
  },
  'POST /api/sso-connection/:id/secret': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}/secret`, ...json({ clientSecret: 'matrix-client-secret' }) }),
  },
  'GET /api/sso-connection/:id/refusals': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}/refusals` }),
  },
  'POST /api/sso-connection/:id/test': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}/test` }),
  },
  'GET /api/sso-connection/:id/test': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}/test` }),
  },
  'GET /api/organization/:id/sso-connections': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/sso-connections` }),
  },
  'POST /api/auth/sso/discover': {
    access: { public: 'the e-mail step of sign-in: the connections of a verified domain, the same for every address of it' },
    request: (_f, me) => ({ url: '/api/auth/sso/discover', ...json({ email: nobody(me) }) }),
  },
  'GET /api/auth/sso/connections/:id/start': {
    access: { public: "starts single sign-on through an organization's enabled connection" },
    request: at('/api/auth/sso/connections/00000000-0000-4000-8000-000000000000/start?redirect=%2Fdashboard'),
  },
  'GET /api/auth/sso/connections/:id/callback': {
    access: { public: "the connection's identity provider's redirect back: the state cookie and the code are the credential" },
    request: at('/api/auth/sso/connections/00000000-0000-4000-8000-000000000000/callback?code=x&state=y'),
  },
  // A SAML connection's identity provider (modules/sso-connections/saml-settings.service.ts, saml-sign-in.ts).
  'PUT /api/sso-connection/:id/saml/metadata': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}/saml/metadata`, ...json({ source: 'upload', xml: '<x/>' }) }),
  },
  'POST /api/sso-connection/:id/saml/certificates': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}/saml/certificates`, ...json({ certificate: 'not a certificate' }) }),
  },
  'DELETE /api/sso-connection/:id/saml/certificate/:fingerprint': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/sso-connection/${f.ssoConnectionId}/saml/certificate/${encodeURIComponent(MATRIX_FINGERPRINT)}` }),
  },
  'GET /api/auth/sso/connections/:id/saml/metadata': {
    access: { public: "our service provider's metadata, which identity providers read by URL: an entity ID and an ACS URL, no secret" },
    request: at('/api/auth/sso/connections/00000000-0000-4000-8000-000000000000/saml/metadata'),
  },
  'POST /api/auth/sso/connections/:id/saml/acs': {
    access: {
      public: "the identity provider's HTTP-POST binding, posted cross-site: the signed Response and the state cookie are the credential",
    },
    request: () => ({
      url: '/api/auth/sso/connections/00000000-0000-4000-8000-000000000000/saml/acs',
      payload: 'SAMLResponse=PHg%2B&RelayState=matrix',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  // The webhooks' delivery log and what sends again (modules/webhooks/webhook-deliveries.*).
  'GET /api/webhook/:id/deliveries': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/webhook/${f.webhookId}/deliveries?outcome=pending` }),
  },
  'POST /api/webhook/:id/test': { access: 'orgAdmin', scope: 'object', request: (f) => ({ url: `/api/webhook/${f.webhookId}/test` }) },
  'GET /api/webhook/:id/delivery/:deliveryId/request': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/webhook/${f.webhookId}/delivery/${f.webhookDeliveryId}/request` }),
  },
  'POST /api/webhook/:id/delivery/:deliveryId/retry': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/webhook/${f.webhookId}/delivery/${f.webhookDeliveryId}/retry` }),
  },
  'POST /api/webhook/:id/resend': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/webhook/${f.webhookId}/resend`, ...json({ since: '2026-01-01T00:00:00Z' }) }),
  },
  'GET /api/organization/:id/events': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/events` }),
  },
  'GET /api/organization/:id/events/export': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/events/export?format=csv` }),
  },

  // SCIM 2.0: identity providers with an organization's SCIM token, never a console session.
  ...scimRows(),
  'GET /api/settings/documentation': { access: 'orgAdmin', scope: 'own', request: at('/api/settings/documentation') },
  'GET /api/user-imports': { access: 'orgAdmin', scope: 'own', request: at('/api/user-imports') },
  'POST /api/user-imports': { access: 'orgAdmin', scope: 'own', request: () => ({ url: '/api/user-imports', ...json({}) }) },
  'GET /api/user-imports/template': { access: 'orgAdmin', scope: 'own', request: at('/api/user-imports/template') },
  'GET /api/user-imports/defaults': { access: 'orgAdmin', scope: 'own', request: at('/api/user-imports/defaults') },
  'GET /api/user-import/:id': { access: 'orgAdmin', scope: 'object', request: (f) => ({ url: `/api/user-import/${f.importId}` }) },
  'GET /api/user-import/:id/errors': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/user-import/${f.importId}/errors` }),
  },
  'GET /api/user-import/:id/errors.csv': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/user-import/${f.importId}/errors.csv` }),
  },
  'DELETE /api/user-import/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/user-import/${f.importId}` }),
    fresh: () => freshImport(),
  },
  'PUT /api/user-import/:id/confirm': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/user-import/${f.importId}/confirm` }),
  },
  'PUT /api/user-import/:id/stop': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/user-import/${f.importId}/stop` }),
    fresh: () => freshImport(),
  },
  'PUT /api/user-import/:id/retry': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/user-import/${f.importId}/retry` }),
  },
  'GET /api/analytics-data-download': { access: 'orgAdmin', scope: 'own', request: at('/api/analytics-data-download') },
  'POST /api/analytics-data-download': { access: 'orgAdmin', scope: 'own', request: at('/api/analytics-data-download') },
  'GET /api/analytics-data-download/generations/latest': {
    access: 'orgAdmin',
    scope: 'own',
    request: at('/api/analytics-data-download/generations/latest'),
  },
  'GET /api/analytics-data-download/generations/:id': {
    access: 'orgAdmin',
    scope: 'object',
    request: (f) => ({ url: `/api/analytics-data-download/generations/${f.generationId}` }),
  },
  'GET /api/analytics-data-download/files/:id/:name': {
    access: 'orgAdmin',
    scope: 'object',
    // A genuine signed link of home's report: the signature is good, the organization is not.
    request: (f) => ({ url: f.reportUrl }),
  },

  // The Super area: staff, every organization; `update` for writes (empty bodies: 400 shows the guard passed).
  'GET /api/organizations': { access: 'staffRead', request: at('/api/organizations') },
  'GET /api/organization/planTypes': { access: 'staffRead', request: at('/api/organization/planTypes') },
  'GET /api/organization/:id': { access: 'staffRead', request: (f) => ({ url: `/api/organization/${f.homeOrgId}` }) },
  'PUT /api/organization/:id': {
    access: 'staffUpdate',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}`, ...json({ name: '' }) }),
  },
  'POST /api/organization': { access: 'staffUpdate', request: () => ({ url: '/api/organization', ...json({}) }) },
  'PUT /api/organization/:id/clientKey': {
    access: 'staffUpdate',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/clientKey`, ...json({}) }),
  },
  'GET /api/organization/:id/clientKey/availability': {
    access: 'staffUpdate',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/clientKey/availability?clientKey=matrix` }),
  },
  'GET /api/organization/:id/managers': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/managers` }),
  },
  'POST /api/organization/:id/managers': {
    access: 'staffUpdate',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/managers`, ...json({}) }),
  },
  'POST /api/organization/:id/managers/:managerId/invitation': {
    access: 'staffUpdate',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/managers/${f.managerId}/invitation` }),
  },
  'GET /api/organizationManagers/:id': { access: 'staffRead', request: (f) => ({ url: `/api/organizationManagers/${f.managerId}` }) },
  'GET /api/organization/verificationModels': { access: 'staffRead', request: at('/api/organization/verificationModels') },
  'GET /api/organization/:id/settings': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/settings` }),
  },
  'PUT /api/organization/:id/settings/:key': {
    access: 'staffUpdate',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/settings/matrix`, ...json({}) }),
  },
  'GET /api/organization/:id/accessCounts': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/accessCounts` }),
  },
  'GET /api/organization/:id/importStatus': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/importStatus` }),
  },
  'GET /api/workflow-import/environments': { access: 'staffRead', request: at('/api/workflow-import/environments') },
  'GET /api/organizations/source/': { access: 'staffRead', request: at('/api/organizations/source/') },
  'GET /api/organizations/source': { access: 'staffRead', request: at('/api/organizations/source') },
  'GET /api/organization/:id/workspaces': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/workspaces` }),
  },
  'GET /api/organization/:id/workspace/:workspaceId/workflows': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/workspace/${f.workspaceId}/workflows` }),
  },
  'GET /api/organization/:id/workspace/:workspaceId/authors': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/workspace/${f.workspaceId}/authors` }),
  },
  'POST /api/organization/:id/workspace/:workspaceId/workflows': {
    access: 'staffUpdate',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/workspace/${f.workspaceId}/workflows`, ...json({}) }),
  },
  'GET /api/organization/:id/workflow-imports': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/workflow-imports` }),
  },
  'GET /api/organization/:id/workflow-imports/:importId': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/organization/${f.homeOrgId}/workflow-imports/${f.workflowImportId}` }),
  },
  'GET /api/user/:email': { access: 'staffRead', request: (f) => ({ url: `/api/user/${encodeURIComponent(f.targetUserEmail)}` }) },
  'GET /api/users': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/users?email=${encodeURIComponent(f.targetUserEmail.slice(0, 3))}` }),
  },
  'GET /api/workflows': { access: 'staffRead', request: at('/api/workflows?q=Matrix') },
  'GET /api/workflow/:id': { access: 'staffRead', request: (f) => ({ url: `/api/workflow/${f.workflowId}` }) },
  'GET /api/workflow/:id/original-video': {
    access: 'staffRead',
    request: (f) => ({ url: `/api/workflow/${f.workflowId}/original-video` }),
  },
  'GET /api/workflow/:id/original-video/file': { access: 'staffRead', request: (f) => ({ url: f.videoUrl }) },

  // The external API: key + idToken of one organization; the service narrows some calls to some roles.
  'GET /api/v1/workflows': { access: { api: API_ALL }, scope: 'own', request: at('/api/v1/workflows') },
  'GET /api/v1/workflows/:id': {
    access: { api: API_ALL },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/workflows/${f.workflowId}` }),
  },
  'GET /api/v1/workspaces': { access: { api: API_ALL }, scope: 'own', request: at('/api/v1/workspaces') },
  'GET /api/v1/skills': { access: { api: API_ALL }, scope: 'own', request: at('/api/v1/skills') },
  'GET /api/v1/users': { access: { api: ['org_admin', 'workspace_admin'] }, scope: 'own', request: at('/api/v1/users') },
  'POST /api/v1/users': {
    access: { api: ['org_admin'] },
    scope: 'own',
    request: () => ({
      url: '/api/v1/users',
      ...json({ email: `new.${randomBytes(4).toString('hex')}@matrix.example`, displayName: 'New' }),
    }),
  },
  'POST /api/v1/users/:id/disable': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/users/${f.targetUserId}/disable` }),
    fresh: () => freshUser(),
  },
  'POST /api/v1/users/:id/invitation': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/users/${f.targetUserId}/invitation` }),
    fresh: () => freshInvitee(),
  },
  'GET /api/v1/users/:id/skills': {
    access: { api: ['org_admin', 'workspace_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/users/${f.targetUserId}/skills` }),
  },
  'POST /api/v1/user-imports': {
    access: { api: ['org_admin'] },
    scope: 'own',
    request: () => ({ url: '/api/v1/user-imports', ...json({}) }),
  },
  'GET /api/v1/user-imports/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/user-imports/${f.importId}` }),
  },
  'GET /api/v1/user-imports/:id/errors': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/user-imports/${f.importId}/errors` }),
  },
  'GET /api/v1/events': { access: { api: ['org_admin'] }, scope: 'own', request: at('/api/v1/events?order=oldest&limit=200') },
  'GET /api/v1/requests': { access: { api: ['org_admin'] }, scope: 'own', request: at('/api/v1/requests?route=/v1/users&limit=200') },
  'GET /api/v1/requests/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/requests/${f.requestLogId}` }),
  },
  'GET /api/v1/webhooks/:id/deliveries': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}/deliveries?eventType=webhook.test` }),
  },
  'POST /api/v1/webhooks/:id/test': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}/test` }),
  },
  'GET /api/v1/webhooks/:id/deliveries/:deliveryId/request': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}/deliveries/${f.webhookDeliveryId}/request` }),
  },
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/retry': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}/deliveries/${f.webhookDeliveryId}/retry` }),
  },
  'POST /api/v1/webhooks/:id/resend': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}/resend`, ...json({ since: '2026-01-01T00:00:00Z' }) }),
  },
  'GET /api/v1/webhooks': { access: { api: ['org_admin'] }, scope: 'own', request: at('/api/v1/webhooks') },
  'POST /api/v1/webhooks': { access: { api: ['org_admin'] }, scope: 'own', request: () => ({ url: '/api/v1/webhooks', ...json({}) }) },
  'GET /api/v1/webhooks/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}` }),
  },
  'PATCH /api/v1/webhooks/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}`, ...json({ enabled: true }) }),
  },
  'DELETE /api/v1/webhooks/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}` }),
    fresh: () => freshWebhook(),
  },
  'POST /api/v1/webhooks/:id/roll': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/webhooks/${f.webhookId}/roll`, ...json({ gracePeriod: '1h' }) }),
  },
  'GET /api/v1/domains': { access: { api: ['org_admin'] }, scope: 'own', request: at('/api/v1/domains') },
  'POST /api/v1/domains': { access: { api: ['org_admin'] }, scope: 'own', request: () => ({ url: '/api/v1/domains', ...json({}) }) },
  'POST /api/v1/domains/:id/verify': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/domains/${f.domainId}/verify` }),
  },
  'DELETE /api/v1/domains/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/domains/${f.domainId}` }),
    fresh: () => freshDomain(),
  },
  // Single sign-on connections through the console's own services (modules/sso-connections).
  'GET /api/v1/sso-connections': { access: { api: ['org_admin'] }, scope: 'own', request: at('/api/v1/sso-connections') },
  'POST /api/v1/sso-connections': {
    access: { api: ['org_admin'] },
    scope: 'own',
    request: () => ({ url: '/api/v1/sso-connections', ...json({}) }),
  },
  'GET /api/v1/sso-connections/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/sso-connections/${f.ssoConnectionId}` }),
  },
  'PATCH /api/v1/sso-connections/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/sso-connections/${f.ssoConnectionId}`, ...json({ name: 'by the matrix through the API' }) }),
  },
  'DELETE /api/v1/sso-connections/:id': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/sso-connections/${f.ssoConnectionId}` }),
    fresh: () => freshSsoConnection(),
  },
  'POST /api/v1/sso-connections/:id/secret': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/sso-connections/${f.ssoConnectionId}/secret`, ...json({ clientSecret: 'matrix-client-secret' }) }),
  },
  'PUT /api/v1/sso-connections/:id/saml/metadata': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({ url: `/api/v1/sso-connections/${f.ssoConnectionId}/saml/metadata`, ...json({ source: 'upload', xml: '<x/>' }) }),
  },
  'POST /api/v1/sso-connections/:id/saml/certificates': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({
      url: `/api/v1/sso-connections/${f.ssoConnectionId}/saml/certificates`,
      ...json({ certificate: 'not a certificate' }),
    }),
  },
  'DELETE /api/v1/sso-connections/:id/saml/certificates/:fingerprint': {
    access: { api: ['org_admin'] },
    scope: 'object',
    request: (f) => ({
      url: `/api/v1/sso-connections/${f.ssoConnectionId}/saml/certificates/${encodeURIComponent(MATRIX_FINGERPRINT)}`,
    }),
  },
};

const isPublic = (row: Row): row is Row & { access: { public: string } } => typeof row.access === 'object' && 'public' in row.access;
const isApiPath = (key: string) => key.split(' ')[1].startsWith('/api/v1/');

/** What `persona` must get from `row` (see the file's comment). */
function outcomeOf(row: Row, p: Persona): Outcome {
  if (isPublic(row)) return 'allow';
  const special = row.personas?.[p.name];
  if (special) return special;
  if (!p.userId || p.disabled || row.access === 'operatorToken' || row.access === 'scimToken') return 'deny';
  const { access } = row;
  let admitted: boolean;
  if (access === 'signedIn') admitted = p.role === 'org_admin' || !!p.staff;
  else if (access === 'orgAdmin') admitted = p.role === 'org_admin';
  else if (access === 'staffRead') admitted = !!p.staff;
  else if (access === 'staffUpdate') admitted = p.staff === 'update';
  // API users sign in with a password: staff (another provider) are refused.
  else admitted = 'api' in access && !p.staff && access.api.includes(p.role!);
  if (!admitted) return 'deny';
  if (access === 'staffRead' || access === 'staffUpdate') return 'allow';
  return p.org === 'home' ? 'allow' : 'foreign';
}

/** The strings of home's data that no other organization's answer may contain. */
function homeMarkers(): string[] {
  const { orgs } = world;
  return [
    orgs.home.id,
    orgs.home.name,
    ids.homeAdminId,
    ids.targetUserId,
    ids.targetUserEmail,
    world.personas.orgAdmin.userId!,
    ids.keyId,
    world.apiKeys.home!.id,
    ids.importId,
    ids.workspaceId,
    ids.workflowId,
    ids.generationId,
    ids.webhookId,
    ids.ssoConnectionId,
    ids.requestLogId,
    'org.admin@matrix.example',
  ];
}

async function probe(key: string, method: string, p: Persona, extra: Partial<Fixtures> = {}): Promise<LightMyRequestResponse> {
  const row = matrix[key];
  const { url, headers, ...rest } = row.request({ ...ids, ...extra }, p);
  const credentials = isApiPath(key) ? p.api : p.console;
  return t.app.inject({ method: method as InjectOptions['method'], url, ...rest, headers: { ...credentials, ...headers } });
}

function check(key: string, method: string, p: Persona, outcome: Outcome, res: LightMyRequestResponse): string | undefined {
  const where = `${method} ${key.split(' ')[1]} as ${p.name}: expected ${outcome}, got ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return where;
  const scope = matrix[key].scope;
  if (outcome === 'deny') {
    // No credential, or a disabled one: 401; a known person without the right: 403; no persona holds an operator's token: 401.
    const byToken = matrix[key].access === 'operatorToken' || matrix[key].access === 'scimToken';
    const wanted = !p.userId || p.disabled || byToken ? 401 : 403;
    return res.statusCode === wanted ? undefined : where;
  }
  if (outcome === 'foreign' && scope === 'object') return res.statusCode === 404 ? undefined : where;
  if (res.statusCode === 401 || res.statusCode === 403) return where;
  if (outcome === 'allow' && scope === 'object' && res.statusCode === 404) return where;
  if (outcome === 'foreign') {
    const leaked = homeMarkers().find((m) => res.body.includes(m));
    if (leaked) return `${where}: the answer holds home's ${leaked}`;
  }
  return undefined;
}

/** Methods to probe for a row: the GET's HEAD twin too (Fastify adds it; it runs the same hooks). */
const methodsOf = (key: string) => {
  const method = key.split(' ')[0];
  return method === 'GET' ? ['GET', 'HEAD'] : [method];
};

/**
 * Every table of the application, as sorted JSON rows, without what a caller's own activity
 * changes: rate-limit counters, the callers' own sessions' activity stamps and a key's last use.
 */
async function snapshot(): Promise<Record<string, string[]>> {
  const { rows: tables } = await t.database.executeSql(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const out: Record<string, string[]> = {};
  for (const { table_name: name } of tables as { table_name: string }[]) {
    // Counters of calls, and the request log of the calls themselves (a log of calls, not a change).
    if (name === 'rate_limit_hits' || name === 'request_log') continue;
    const { rows } = await t.database.executeSql(`select row_to_json(x)::text as j from "${name}" x`);
    out[name] = rows
      .map((r) => JSON.parse(String(r.j)) as Record<string, unknown>)
      // A permitted download records that it happened (eventsRecordedByReads), and changes nothing else.
      .filter((row) => name !== 'events' || !eventsRecordedByReads.includes(row.action as EventAction))
      // ...and its webhook deliveries, made with that event.
      .filter((row) => name !== 'webhook_deliveries' || !eventsRecordedByReads.includes(row.event_type as EventAction))
      .map((row) => {
        const { last_activity_at: _a, last_used_at: _u, ...rest } = row;
        return JSON.stringify(rest);
      })
      .sort();
  }
  return out;
}

/** A request of the walk of writes, sent as a persona, with home's SCIM token, or with its own headers only. */
interface WalkRequest {
  as?: PersonaName | 'scim';
  request: Omit<InjectOptions, 'method' | 'url'> & { url: string };
}

/** Home's SCIM token of the walk's SCIM requests, an identity provider's (made when first used: it would count among the tokens the provisioning routes' probes may hold). */
let scimSecret: string | undefined;

const scimJson = (payload: object) => ({ payload, headers: { 'content-type': 'application/scim+json' } });
const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const unique = (label: string) => `${label}.${randomBytes(4).toString('hex')}`;

/** A one-time token of `kind` for the user, stored as the services store theirs (only its hash). */
async function oneTimeToken(userId: string, kind: 'invitation' | 'password_reset'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.db
    .insert(schema.userTokens)
    .values({ userId, kind, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/** An Organizational Admin of home made for one request of the walk. */
const freshAdmin = () => createUser(t.database.db, world.orgs.home.id, { email: `${unique('walk.admin')}@matrix.example` });

/** A user SCIM made in home, for the SCIM writes that name one. */
async function scimUser(): Promise<string> {
  const res = await sendAs('scim', { url: '/api/scim/v2/Users', ...scimJson(scimUserBody(unique('scim.user'))) });
  if (res.statusCode !== 201) throw new Error(`SCIM user: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}
const scimUserBody = (local: string, extra: object = {}) => ({
  schemas: [USER_SCHEMA],
  userName: `${local}@matrix.example`,
  name: { givenName: 'Walked', familyName: local },
  emails: [{ value: `${local}@matrix.example`, primary: true }],
  active: true,
  ...extra,
});
async function scimGroup(): Promise<string> {
  const res = await sendAs('scim', {
    url: '/api/scim/v2/Groups',
    ...scimJson({ schemas: [GROUP_SCHEMA], displayName: unique('Walked group') }),
  });
  if (res.statusCode !== 201) throw new Error(`SCIM group: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

async function importFile(extra: Record<string, string> = {}) {
  const local = unique('walk.import');
  return multipartBody(extra, { name: 'users.csv', content: `email,displayName\n${local}@matrix.example,Imported\n` });
}

/**
 * The writes of single sign-on connections whose probes commit nothing (an empty body, an
 * OpenID Connect connection's SAML settings), walked with a change: the console's calls and
 * the external API's alike, by their paths (`one` names a connection, `certificate` the
 * segment before a fingerprint).
 */
function connectionWalks(paths: {
  list: string;
  one: string;
  certificate: string;
}): Record<string, { commit: () => Promise<WalkRequest> }> {
  const saml = async (rest: string) => `${paths.one}/${await freshSamlConnection()}/saml/${rest}`;
  return {
    [`POST ${paths.list}`]: {
      commit: async () => ({
        as: 'orgAdmin',
        request: {
          url: paths.list,
          ...json({
            kind: 'oidc',
            name: unique('Walked'),
            issuer: 'https://login.matrix.example',
            clientId: 'walked',
            clientSecret: 'walked-secret',
          }),
        },
      }),
    },
    [`PUT ${paths.one}/:id/saml/metadata`]: {
      commit: async () => ({
        as: 'orgAdmin',
        request: { url: await saml('metadata'), ...json({ source: 'upload', xml: createSamlIdp().metadata() }) },
      }),
    },
    [`POST ${paths.one}/:id/saml/certificates`]: {
      commit: async () => ({
        as: 'orgAdmin',
        request: { url: await saml('certificates'), ...json({ certificate: makeSigningKey().certPem }) },
      }),
    },
    [`DELETE ${paths.one}/:id/saml/${paths.certificate}/:fingerprint`]: {
      commit: async () => ({
        as: 'orgAdmin',
        request: { url: await saml(`${paths.certificate}/${encodeURIComponent(MATRIX_FINGERPRINT)}`) },
      }),
    },
  };
}

/**
 * The walk of writes (the test "records an event for every write…"): for a write route whose
 * probe above commits nothing (an empty body, a made-up token), a request that commits a
 * change, made ready by `commit` (what it makes first is not part of the walked call); or why
 * the route never changes anything a person would read about. A write route without either
 * whose probes change nothing fails the walk: a route walked only with refusals proves nothing.
 */
const walks: Record<string, { commit: (f: Fixtures) => Promise<WalkRequest> } | { changesNothing: string }> = {
  'POST /api/auth/sign-in': {
    changesNothing:
      'the password step answers an idToken; the session and its event come with POST /api/auth (a refusal records session.sign_in_failed)',
  },
  'POST /api/v1/auth/token': {
    changesNothing: 'answers an idToken for the external API; no session is opened (a refusal records session.sign_in_failed)',
  },
  'POST /api/auth/password-reset/check': { changesNothing: 'tells whether a reset link still works as its page loads; uses nothing' },
  'POST /api/auth/validate-oauth': { changesNothing: 'tells whether a credential is valid' },
  'POST /api/auth/track-activity': { changesNothing: "writes the caller's activity stamp only" },
  'POST /api/sso-connection/:id/test': {
    changesNothing:
      'starts a test sign-in: only its round trip in flight is kept; what the test sees is kept when the provider sends the person back',
  },
  'POST /api/auth/sso/discover': { changesNothing: 'answers the connections of a verified domain' },
  'POST /api/auth/sso/connections/:id/saml/acs': {
    changesNothing:
      "the identity provider's answer, as the OpenID Connect callback (a GET) is: its probes name no connection; a sign-in's session is walked with POST /api/auth, a refusal is kept on the connection for its admins",
  },
  ...connectionWalks({ list: '/api/sso-connections', one: '/api/sso-connection', certificate: 'certificate' }),
  ...connectionWalks({ list: '/api/v1/sso-connections', one: '/api/v1/sso-connections', certificate: 'certificates' }),
  'POST /api/webhook/:id/test': { changesNothing: 'queues a test event: the delivery log records it, no event (decision 055)' },
  'POST /api/webhook/:id/delivery/:deliveryId/retry': { changesNothing: 'makes a delivery due again: the delivery log records it' },
  'POST /api/webhook/:id/resend': { changesNothing: 'makes failed deliveries due again: the delivery log records them' },
  'POST /api/v1/webhooks/:id/test': { changesNothing: 'queues a test event: the delivery log records it, no event (decision 055)' },
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/retry': { changesNothing: 'makes a delivery due again: the delivery log records it' },
  'POST /api/v1/webhooks/:id/resend': { changesNothing: 'makes failed deliveries due again: the delivery log records them' },
  'POST /api/auth/custom': {
    commit: async () => {
      const { token } = await t.deps.idTokens.signFor('sign-in-link', 'sam.matrix@workframe.io', 900);
      return { request: { url: '/api/auth/custom', ...json({ token }) } };
    },
  },
  'POST /api/auth/invitation/accept': {
    commit: async () => {
      const invited = await createUser(t.database.db, world.orgs.home.id, {
        email: `${unique('invited')}@matrix.example`,
        passwordHash: null,
      });
      return {
        request: {
          url: '/api/auth/invitation/accept',
          ...json({ token: await oneTimeToken(invited.id, 'invitation'), password: 'Valid-Passw0rd!' }),
        },
      };
    },
  },
  'POST /api/auth/invitation/activate': {
    commit: async () => {
      const invited = await createUser(t.database.db, world.orgs.home.id, {
        email: `${unique('activated')}@matrix.example`,
        passwordHash: null,
        role: 'viewer',
      });
      return {
        request: {
          url: '/api/auth/invitation/activate',
          ...json({ token: await oneTimeToken(invited.id, 'invitation'), password: 'Valid-Passw0rd!' }),
        },
      };
    },
  },
  'POST /api/auth/password-reset/request': {
    // From an address of its own: the probes above spent the budget of the usual one.
    commit: async () => ({
      request: { url: '/api/auth/password-reset/request', remoteAddress: '10.0.57.1', ...json({ email: (await freshAdmin()).email! }) },
    }),
  },
  'POST /api/auth/password-reset': {
    commit: async () => ({
      request: {
        url: '/api/auth/password-reset',
        ...json({ token: await oneTimeToken((await freshAdmin()).id, 'password_reset'), password: 'Valid-Passw0rd!' }),
      },
    }),
  },
  'POST /api/auth': {
    commit: async () => {
      const email = (await freshAdmin()).email!;
      return { request: { url: '/api/auth', payload: { idToken: await idTokenFor(t, email), email }, headers: CSRF } };
    },
  },
  'PUT /api/auth/me/locale': {
    commit: async () => ({
      request: {
        url: '/api/auth/me/locale',
        payload: { locale: 'pt' },
        headers: { ...(await signIn(t, (await freshAdmin()).email!)).headers, 'content-type': 'application/json' },
      },
    }),
  },
  'DELETE /api/logout': {
    commit: async () => ({ request: { url: '/api/logout', headers: (await signIn(t, (await freshAdmin()).email!)).headers } }),
  },
  'POST /api/integrations': {
    commit: async () => ({
      as: 'orgAdmin',
      request: { url: '/api/integrations', ...json({ name: unique('Walked key'), description: 'walked' }) },
    }),
  },
  'POST /api/webhooks': {
    commit: async () => ({
      as: 'orgAdmin',
      request: { url: '/api/webhooks', ...json({ url: `https://${unique('walked')}.matrix.example/hook`, eventTypes: 'all' }) },
    }),
  },
  'POST /api/v1/webhooks': {
    commit: async () => ({
      as: 'orgAdmin',
      request: {
        url: '/api/v1/webhooks',
        ...json({ url: `https://${unique('walked.api')}.matrix.example/hook`, eventTypes: ['user.created'] }),
      },
    }),
  },
  'POST /api/domains': {
    commit: async () => ({
      as: 'orgAdmin',
      request: { url: '/api/domains', ...json({ domain: `${randomBytes(3).toString('hex')}.walked.example` }) },
    }),
  },
  'POST /api/v1/domains': {
    commit: async () => ({
      as: 'orgAdmin',
      request: { url: '/api/v1/domains', ...json({ domain: `${randomBytes(3).toString('hex')}.walked-api.example` }) },
    }),
  },
  'POST /api/provisioning/token/:id/roll': {
    // Home holds as many working tokens as it may after the probes: one is revoked first, so a roll has room.
    commit: async (f) => {
      const { scimTokenId } = await freshScimToken();
      await t.database.db
        .update(schema.scimTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(schema.scimTokens.organizationId, f.homeOrgId), ne(schema.scimTokens.id, scimTokenId!)));
      return { as: 'orgAdmin', request: { url: `/api/provisioning/token/${scimTokenId}/roll`, ...json({ gracePeriod: 'now' }) } };
    },
  },
  'PUT /api/provisioning/config': {
    commit: async (f) => ({
      as: 'orgAdmin',
      request: {
        url: '/api/provisioning/config',
        ...json({ defaultRole: 'publisher', defaultWorkspaceIds: [f.workspaceId], sendInvitations: false }),
      },
    }),
  },
  'PUT /api/provisioning/config/managesAdmins': {
    commit: async () => ({ as: 'orgAdmin', request: { url: '/api/provisioning/config/managesAdmins', ...json({ managesAdmins: true }) } }),
  },
  'POST /api/user-imports': {
    commit: async () => {
      const body = await importFile();
      return {
        as: 'orgAdmin',
        request: { url: '/api/user-imports', payload: body.payload, headers: { 'content-type': body.contentType } },
      };
    },
  },
  'PUT /api/user-import/:id/confirm': {
    commit: async () => {
      // A new import, checked in this process: it waits at its summary for the admin's Confirm.
      const body = await multipartBody(
        {},
        { name: 'users.csv', content: `email,name\n${unique('walk.confirm')}@matrix.example,Confirmed\n` },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user-imports',
        headers: { ...world.personas.orgAdmin.console, 'content-type': body.contentType },
        payload: body.payload,
      });
      const importId = (res.json() as { userImport: { id: string } }).userImport.id;
      await t.app.services.userImportPipeline.run(importId);
      return { as: 'orgAdmin', request: { url: `/api/user-import/${importId}/confirm` } };
    },
  },
  'PUT /api/user-import/:id/retry': {
    commit: async () => {
      const { importId } = await freshImport();
      await t.database.db.update(schema.userImports).set({ status: 'error' }).where(eq(schema.userImports.id, importId!));
      return { as: 'orgAdmin', request: { url: `/api/user-import/${importId}/retry` } };
    },
  },
  'POST /api/analytics-data-download': {
    commit: async (f) => {
      // The generation the fixtures queued is over: the request queues a new one.
      await t.database.db
        .update(schema.reportGenerations)
        .set({ status: 'completed' })
        .where(eq(schema.reportGenerations.organizationId, f.homeOrgId));
      return { as: 'orgAdmin', request: { url: '/api/analytics-data-download' } };
    },
  },
  'POST /api/v1/user-imports': {
    commit: async () => {
      const body = await importFile();
      return {
        as: 'orgAdmin',
        request: { url: '/api/v1/user-imports', payload: body.payload, headers: { 'content-type': body.contentType } },
      };
    },
  },
  // Staff's writes change the other organization: home keeps the name and settings the matrix knows it by.
  'PUT /api/organization/:id': {
    commit: async () => ({
      as: 'staffUpdate',
      request: { url: `/api/organization/${world.orgs.other.id}`, ...json({ name: unique('Matrix Other') }) },
    }),
  },
  'POST /api/organization': {
    commit: async () => {
      const [plan] = await t.database.db
        .insert(schema.planTypes)
        .values({ name: unique('Walked plan') })
        .returning();
      const local = unique('walked.org');
      return {
        as: 'staffUpdate',
        request: {
          url: '/api/organization',
          ...json({
            name: local,
            adminName: 'Walt Walker',
            email: `${local}@matrix.example`,
            password: 'Valid-Passw0rd!',
            planType: plan.name,
          }),
        },
      };
    },
  },
  'PUT /api/organization/:id/clientKey': {
    // A client key is set once: an organization without one.
    commit: async () => ({
      as: 'staffUpdate',
      request: {
        url: `/api/organization/${(await createOrganization(t.database.db, { name: unique('Keyless'), clientKey: null })).id}/clientKey`,
        ...json({ clientKey: randomBytes(4).toString('hex') }),
      },
    }),
  },
  'POST /api/organization/:id/managers': {
    commit: async () => ({
      as: 'staffUpdate',
      request: {
        url: `/api/organization/${world.orgs.other.id}/managers`,
        ...json({ displayName: 'Walked Manager', email: `${unique('walked.manager')}@matrix.example` }),
      },
    }),
  },
  'POST /api/v1/users/:id/invitation': {
    commit: async () => ({ as: 'orgAdmin', request: { url: `/api/v1/users/${(await freshInvitee()).targetUserId}/invitation` } }),
  },
  'POST /api/person/:id/invitation': {
    // A person without a password, whom no import is inviting: the admin sends them one.
    commit: async () => ({ as: 'orgAdmin', request: { url: `/api/person/${(await freshInvitee()).targetUserId}/invitation` } }),
  },
  'POST /api/organization/:id/managers/:managerId/invitation': {
    // The matrix's manager has an account; one added now has an invitation to send again.
    commit: async () => {
      const added = await sendAs('staffUpdate', {
        url: `/api/organization/${world.orgs.other.id}/managers`,
        ...json({ displayName: 'Invited Manager', email: `${unique('invited.manager')}@matrix.example` }),
      });
      if (added.statusCode !== 201) throw new Error(`manager: ${added.statusCode} ${added.body}`);
      const { manager } = added.json() as { manager: { id: string } };
      return { as: 'staffUpdate', request: { url: `/api/organization/${world.orgs.other.id}/managers/${manager.id}/invitation` } };
    },
  },
  'PUT /api/organization/:id/settings/:key': {
    commit: async () => ({
      as: 'staffUpdate',
      request: { url: `/api/organization/${world.orgs.other.id}/settings/publicSharing`, ...json({ value: true }) },
    }),
  },
  'POST /api/organization/:id/workspace/:workspaceId/workflows': {
    commit: async (f) => {
      const target = await createWorkspace(t.database.db, f.homeOrgId, { name: unique('Walked workspace') });
      return {
        as: 'staffUpdate',
        request: {
          url: `/api/organization/${f.homeOrgId}/workspace/${target.id}/workflows`,
          ...json({
            sourceOrganizationId: f.homeOrgId,
            sourceWorkspaceId: f.workspaceId,
            workflows: [f.workflowId],
            targetOrganizationId: f.homeOrgId,
            targetWorkspaceId: target.id,
            targetAuthorId: f.homeAdminId,
          }),
        },
      };
    },
  },
  'POST /api/scim/v2/Users': {
    commit: async () => ({ as: 'scim', request: { url: '/api/scim/v2/Users', ...scimJson(scimUserBody(unique('scim.created'))) } }),
  },
  'PUT /api/scim/v2/Users/:id': {
    commit: async () => {
      const id = await scimUser();
      return {
        as: 'scim',
        request: { url: `/api/scim/v2/Users/${id}`, ...scimJson(scimUserBody(unique('scim.replaced'), { active: true })) },
      };
    },
  },
  'PATCH /api/scim/v2/Users/:id': {
    commit: async () => ({
      as: 'scim',
      request: {
        url: `/api/scim/v2/Users/${await scimUser()}`,
        ...scimJson({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: false } }] }),
      },
    }),
  },
  'DELETE /api/scim/v2/Users/:id': {
    commit: async () => ({ as: 'scim', request: { url: `/api/scim/v2/Users/${await scimUser()}` } }),
  },
  'POST /api/scim/v2/Groups': {
    commit: async () => ({
      as: 'scim',
      request: { url: '/api/scim/v2/Groups', ...scimJson({ schemas: [GROUP_SCHEMA], displayName: unique('Walked group') }) },
    }),
  },
  'PUT /api/scim/v2/Groups/:id': {
    commit: async () => ({
      as: 'scim',
      request: {
        url: `/api/scim/v2/Groups/${await scimGroup()}`,
        ...scimJson({ schemas: [GROUP_SCHEMA], displayName: unique('Replaced group') }),
      },
    }),
  },
  'PATCH /api/scim/v2/Groups/:id': {
    commit: async () => ({
      as: 'scim',
      request: {
        url: `/api/scim/v2/Groups/${await scimGroup()}`,
        ...scimJson({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { displayName: unique('Patched group') } }] }),
      },
    }),
  },
  'DELETE /api/scim/v2/Groups/:id': {
    commit: async () => ({ as: 'scim', request: { url: `/api/scim/v2/Groups/${await scimGroup()}` } }),
  },
};

/** The walk's SCIM token of home, made when first needed. */
async function scimToken(): Promise<string> {
  if (!scimSecret) {
    scimSecret = (await createScimToken(t.database.db, world.orgs.home.id)).secret;
  }
  return scimSecret;
}

/** Sends a request of the walk as its caller would. */
async function sendAs(as: WalkRequest['as'], request: WalkRequest['request'], method = 'POST'): Promise<LightMyRequestResponse> {
  const { headers, ...rest } = request;
  let credentials: Record<string, string> = {};
  if (as === 'scim') credentials = { authorization: `Bearer ${await scimToken()}` };
  else if (as) credentials = request.url.startsWith('/api/v1/') ? world.personas[as].api : world.personas[as].console;
  return t.app.inject({
    method: method as InjectOptions['method'],
    ...rest,
    headers: { ...credentials, ...(headers as Record<string, string>) },
  });
}

/**
 * The reads the console answers from its caches (decision 039 and 009): the keys list and the
 * imports list pages, the external API's workflows page (after its cached key and user), the
 * signed-in person (the session cache behind every console call); for home and for the other
 * organization. Each as `status body`.
 */
async function readCachedLists(): Promise<Record<string, string>> {
  const { orgAdmin, otherOrgAdmin } = world.personas;
  const reads: [string, Persona, string][] = [
    ['keys list', orgAdmin, '/api/integrations'],
    ['imports list', orgAdmin, '/api/user-imports'],
    ['external API workflows', orgAdmin, '/api/v1/workflows'],
    ['signed-in person', orgAdmin, '/api/auth/me'],
    ["other's keys list", otherOrgAdmin, '/api/integrations'],
    ["other's imports list", otherOrgAdmin, '/api/user-imports'],
  ];
  const out: Record<string, string> = {};
  for (const [name, p, url] of reads) {
    const res = await t.app.inject({ url, headers: url.startsWith('/api/v1/') ? p.api : p.console });
    // A key's last use is written by these very reads, at most once a minute and after the answer: no change to see.
    out[name] = `${res.statusCode} ${JSON.stringify(res.json(), (k, v) => (k === 'lastUsedAt' ? undefined : v))}`;
  }
  return out;
}

// Each test sends hundreds of requests (every route as every persona; public sign-in routes
// take their fixed time): minutes on a busy machine, more than the suite's time per test.
describe('authorization matrix', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    // Every route, as the app registers it: the hook is on the root instance before any plugin.
    const collect = ({ fastify }: { fastify: FastifyInstance }) =>
      fastify.addHook('onRoute', (route: RouteOptions) => {
        for (const m of [route.method].flat()) registered.push(`${m} ${route.url}`);
      });
    const onInit = (message: unknown) => collect(message as { fastify: FastifyInstance });
    diagnostics.subscribe('fastify.initialization', onInit);
    try {
      // With a metrics token configured, so that /metrics refuses rather than answering 404.
      // Every persona's SCIM probes are refused as unknown tokens: a budget that never runs out here.
      t = await createTestApp({
        config: { METRICS_TOKEN: randomBytes(24).toString('base64url'), API_UNKNOWN_KEY_RATE_LIMIT: '100000', API_RATE_LIMIT: '100000' },
      });
    } finally {
      diagnostics.unsubscribe('fastify.initialization', onInit);
    }
    world = await createPersonas(t);
    const db = t.database.db;
    // Every persona has chosen English, so a probe of their own language (PUT auth/me/locale,
    // English) changes nothing; the walk commits a change with a fresh admin.
    await db.update(schema.users).set({ locale: 'en' });
    const home = world.orgs.home;
    const { personas } = world;
    const admin = personas.orgAdmin;

    const target = await createUser(db, home.id, { email: 'target@matrix.example', role: 'publisher' });
    const workspace = await createWorkspace(db, home.id, { name: 'Matrix Workspace' });
    const workflow = await createWorkflow(db, workspace, 'Matrix workflow', 1);
    // Publishers and workspace admins see the workspaces they belong to.
    await db.insert(schema.userWorkspaces).values([
      { userId: personas.publisher.userId!, workspaceId: workspace.id },
      { userId: personas.workspaceAdmin.userId!, workspaceId: workspace.id },
    ]);
    await t.deps.blobs.put(workflow.sourceVideoKey!, Buffer.from('not really a video'));
    const [manager] = await db
      .insert(schema.organizationManagers)
      .values({ organizationId: home.id, userId: admin.userId!, displayName: 'Manager', email: 'org.admin@matrix.example' })
      .returning();
    const [workflowImport] = await db
      .insert(schema.workflowImports)
      .values({
        sourceOrganizationId: world.orgs.other.id,
        sourceWorkspaceId: workspace.id,
        targetOrganizationId: home.id,
        targetWorkspaceId: workspace.id,
        targetAuthorId: admin.userId!,
      })
      .returning();

    freshSession = async () => {
      const [session] = await db
        .insert(schema.sessions)
        .values({
          userId: target.id,
          tokenHash: hashSecret(randomBytes(32).toString('base64url')),
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      return { sessionId: session.id };
    };
    freshKey = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: admin.console,
        payload: { name: `Target ${randomBytes(3).toString('hex')}`, description: 'a key the matrix names' },
      });
      if (res.statusCode !== 201) throw new Error(`key: ${res.statusCode} ${res.body}`);
      return { keyId: (res.json() as { integration: { id: string } }).integration.id };
    };
    freshScimToken = async () => {
      return { scimTokenId: (await createScimToken(db, home.id)).id };
    };
    freshImport = async () => {
      const body = await multipartBody({}, { name: 'users.csv', content: 'email,displayName\nmatrix.import@matrix.example,Imported\n' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user-imports',
        headers: { ...admin.console, 'content-type': body.contentType },
        payload: body.payload,
      });
      if (res.statusCode !== 201) throw new Error(`import: ${res.statusCode} ${res.body}`);
      return { importId: (res.json() as { userImport: { id: string } }).userImport.id };
    };
    freshUser = async () => ({ targetUserId: (await createUser(db, home.id, { role: 'viewer' })).id });
    freshInvitee = async () => ({ targetUserId: (await createUser(db, home.id, { role: 'viewer', passwordHash: null })).id });
    freshWebhook = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: admin.console,
        payload: { url: `https://${randomBytes(3).toString('hex')}.matrix.example/hook`, eventTypes: 'all' },
      });
      if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
      return { webhookId: (res.json() as { webhook: { id: string } }).webhook.id };
    };
    freshDomain = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/domains',
        headers: admin.console,
        payload: { domain: `${randomBytes(3).toString('hex')}.matrix.example` },
      });
      if (res.statusCode !== 201) throw new Error(`domain: ${res.statusCode} ${res.body}`);
      return { domainId: (res.json() as { domain: { id: string } }).domain.id };
    };

    freshSsoConnection = async () => {
      const now = new Date();
      const [row] = await db
        .insert(schema.ssoConnections)
        .values({
          organizationId: home.id,
          kind: 'oidc',
          name: `Matrix ${randomBytes(3).toString('hex')}`,
          // Disabled, on an address the console never calls: a probe starts no round trip and fetches nothing.
          enabled: false,
          issuer: 'https://10.0.0.1',
          clientId: 'matrix',
          clientSecret: 'matrix-secret',
          jit: false,
          jitRole: 'viewer',
          groupRoles: [],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return { ssoConnectionId: row.id };
    };

    await t.app.services.analyticsReports.generate(home.id);
    const reports = await t.app.inject({ url: '/api/analytics-data-download', headers: admin.console });
    const generation = await t.app.inject({ method: 'POST', url: '/api/analytics-data-download', headers: admin.console });
    const video = await t.app.inject({ url: `/api/workflow/${workflow.id}/original-video`, headers: personas.staffRead.console });
    if (reports.statusCode !== 200 || generation.statusCode >= 300 || video.statusCode !== 200) {
      throw new Error(`fixtures: ${reports.body} ${generation.body} ${video.body}`);
    }

    // An endpoint of home (nothing is sent: no pump runs here) and a delivery of it.
    const [webhook] = await t.database.db
      .insert(schema.webhookEndpoints)
      .values({ organizationId: home.id, url: 'https://hooks.matrix.example/in', secret: `whsec_${randomBytes(32).toString('base64')}` })
      .returning();
    // A pending claim of home (no TXT record: a look finds none).
    const [domain] = await t.database.db
      .insert(schema.organizationDomains)
      .values({ organizationId: home.id, domain: 'home.matrix.example', verificationToken: randomBytes(32).toString('base64url') })
      .returning();
    // A call of home's in its request log.
    const [logged] = await t.database.db
      .insert(schema.requestLog)
      .values({
        organizationId: home.id,
        occurredAt: new Date(),
        accessKeyId: world.apiKeys.home!.id,
        accessKeyName: 'Matrix key',
        method: 'GET',
        route: '/v1/users',
        status: 200,
        durationUs: 1_250,
        requestId: 'matrix-request-1',
        ip: '127.0.0.1',
        userAgent: null,
        errorCode: null,
      })
      .returning();
    ids = {
      requestLogId: logged.id,
      homeOrgId: home.id,
      homeAdminId: admin.userId!,
      targetUserId: target.id,
      targetUserEmail: target.email!,
      ...(await freshSession()),
      ...(await freshKey()),
      ...(await freshScimToken()),
      ...(await freshImport()),
      workspaceId: workspace.id,
      workflowId: workflow.id,
      generationId: (generation.json() as { generation: { id: string } }).generation.id,
      reportUrl: (reports.json() as { urls: { url: string }[] }).urls[0].url,
      videoUrl: (video.json() as { signedUrl: string }).signedUrl,
      managerId: manager.id,
      workflowImportId: workflowImport.id,
      webhookId: webhook.id,
      webhookDeliveryId: (await t.app.services.webhookDeliveries.sendTest({ organizationId: home.id }, webhook.id)).delivery.id,
      domainId: domain.id,
      ...(await freshSsoConnection()),
    } as Fixtures;
  });
  afterAll(() => t?.close());

  it('has one row for every route the app registers, and no row for a route it does not', () => {
    const routes = [...new Set(registered)];
    const unlisted = routes.filter((r) => {
      const [method, path] = r.split(' ');
      // A HEAD twin of a GET route shares its row.
      return !(r in matrix) && !(method === 'HEAD' && `GET ${path}` in matrix);
    });
    expect(unlisted, 'routes without a row in the authorization matrix').toEqual([]);
    expect(Object.keys(matrix).filter((k) => !routes.includes(k))).toEqual([]);
    // Each row's probe reaches its own route: its URL matches the route's path.
    for (const [key, row] of Object.entries(matrix)) {
      const pattern = new RegExp(`^${key.split(' ')[1].replace(/:\w+/g, '[^/]+')}$`);
      expect(row.request(ids, world.personas.orgAdmin).url.split('?')[0], key).toMatch(pattern);
    }
  });

  it('refuses, admits and scopes every route for every persona, and changes nothing of another organization', async () => {
    const failures: string[] = [];
    // Everything that must not write: refusals, other organizations' probes and reads.
    const before = await snapshot();
    const ownWrites: [string, string, Persona, Outcome][] = [];
    for (const key of Object.keys(matrix)) {
      const row = matrix[key];
      if (isPublic(row)) continue;
      for (const name of personaNames) {
        const p = world.personas[name];
        const outcome = outcomeOf(row, p);
        for (const method of methodsOf(key)) {
          // Writes the caller may make (home's, or in their own organization) come after the comparison.
          const write = method !== 'GET' && method !== 'HEAD';
          if (write && (outcome === 'allow' || (outcome === 'foreign' && row.scope === 'own'))) {
            ownWrites.push([key, method, p, outcome]);
            continue;
          }
          const problem = check(key, method, p, outcome, await probe(key, method, p));
          if (problem) failures.push(problem);
        }
      }
    }
    const after = await snapshot();
    expect(failures).toEqual([]);
    expect(after, 'data changed by refused, foreign or read-only calls').toEqual(before);

    // Other organizations' writes in their own organization: nothing of home's changes or appears.
    const foreign = ownWrites.filter(([, , , outcome]) => outcome === 'foreign');
    for (const [key, method, p, outcome] of foreign) {
      const problem = check(key, method, p, outcome, await probe(key, method, p));
      if (problem) failures.push(problem);
    }
    const afterForeign = await snapshot();
    const markers = homeMarkers();
    for (const [table, rows] of Object.entries(afterForeign)) {
      const kept = new Set(rows);
      const removed = after[table].filter((r) => !kept.has(r));
      const added = rows.filter((r) => !after[table].includes(r));
      if (removed.length > 0) failures.push(`${table}: rows removed by another organization's writes: ${removed.join(', ')}`);
      for (const r of added)
        if (markers.some((m) => r.includes(m))) failures.push(`${table}: home's data written by another organization: ${r}`);
    }
    expect(failures).toEqual([]);

    // Home's and staff's allowed writes, on fresh objects where they spend theirs.
    for (const [key, method, p] of ownWrites.filter(([, , , outcome]) => outcome === 'allow')) {
      const extra = (await matrix[key].fresh?.(p)) ?? {};
      const problem = check(key, method, p, 'allow', await probe(key, method, p, extra));
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a caller before reading the query or body: a refused persona sending a broken one learns nothing of its shape', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const [key, row] of Object.entries(matrix)) {
      if (isPublic(row) || row.last) continue;
      const [method] = key.split(' ');
      for (const name of personaNames) {
        const p = world.personas[name];
        // A refusal of the service's own rule (`personas`) may come after validation; a guard's may not.
        if (outcomeOf(row, p) !== 'deny' || row.personas?.[name]) continue;
        const { url, headers } = row.request(ids, p);
        // A query no page takes and a body that is not even JSON: a guard after validation answers 400.
        const broken = `${url}${url.includes('?') ? '&' : '?'}limit=-1&page=-1&after=%00`;
        const res = await t.app.inject({
          method: method as InjectOptions['method'],
          url: broken,
          headers: { ...(isApiPath(key) ? p.api : p.console), ...headers, 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{' }),
        });
        probed++;
        const problem = check(key, method, p, 'deny', res);
        if (problem) failures.push(`${problem} (broken query and body)`);
      }
    }
    expect(failures).toEqual([]);
    expect(probed).toBeGreaterThan(100);
  });

  it('answers public routes the same to everyone', async () => {
    const failures: string[] = [];
    for (const [key, row] of Object.entries(matrix)) {
      if (!isPublic(row) || row.last) continue;
      for (const method of methodsOf(key)) {
        const statuses = new Map<PersonaName, number>();
        for (const name of personaNames) statuses.set(name, (await probe(key, method, world.personas[name])).statusCode);
        const first = statuses.get('anonymous')!;
        if (first >= 500 || [...statuses.values()].some((s) => s !== first)) {
          failures.push(`${method} ${key.split(' ')[1]}: ${JSON.stringify(Object.fromEntries(statuses))}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('does not take a console session on the external API, nor API credentials on the console', async () => {
    const { orgAdmin } = world.personas;
    const failures: string[] = [];
    for (const [key, row] of Object.entries(matrix)) {
      if (isPublic(row)) continue;
      const [method] = key.split(' ');
      const swapped = { ...orgAdmin, console: orgAdmin.api, api: orgAdmin.console };
      const res = await probe(key, method, swapped);
      if (res.statusCode !== 401) failures.push(`${key} with the other kind of credential: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("refuses an access key with another organization's idToken on the external API", async () => {
    const { orgAdmin, otherOrgAdmin } = world.personas;
    const failures: string[] = [];
    let probed = 0;
    for (const [key, row] of Object.entries(matrix)) {
      if (isPublic(row) || !isApiPath(key)) continue;
      const [method] = key.split(' ');
      for (const [keyOf, tokenOf] of [
        [orgAdmin, otherOrgAdmin],
        [otherOrgAdmin, orgAdmin],
      ]) {
        const mixed = { ...tokenOf, api: { ...tokenOf.api, apikey: keyOf.api.apikey } };
        const res = await probe(key, method, mixed);
        probed++;
        if (res.statusCode !== 403 || res.json().code !== 'API_KEY_WRONG_ORGANIZATION') {
          failures.push(`${key}, ${keyOf.name}'s key with ${tokenOf.name}'s token: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probed).toBeGreaterThan(10);
  });

  it('records an event for every write that commits a change and none for a refused call; the cached lists see the change at once', async () => {
    const failures: string[] = [];
    const recordedSince = eventsSince(t.database);
    await recordedSince();
    let cached = await readCachedLists();
    const changedBy = new Set<string>();

    /** One call between two fingerprints: what it changed, what it recorded, what the caches answer next. */
    const walk = async (key: string, who: string, send: () => Promise<LightMyRequestResponse>) => {
      const before = await fingerprint(t.database);
      const res = await send();
      // Work an answer leaves running (a reset link's e-mail) belongs to this call.
      await t.app.services.passwordReset.settled();
      const next = await readCachedLists();
      const changed = changedTables(before, await fingerprint(t.database));
      const recorded = await recordedSince();
      const where = `${key} as ${who} (${res.statusCode})`;
      if (process.env.WALK_DEBUG) console.log(where, changed.join(','), recorded.join(','), res.body.slice(0, 150));
      if (res.statusCode >= 500) failures.push(`${where}: ${res.body.slice(0, 200)}`);
      if (changed.length > 0) changedBy.add(key);
      if (changed.length > 0 && recorded.length === 0) failures.push(`${where}: changed ${changed.join(', ')} without recording an event`);
      const byRefusal = res.statusCode >= 400 ? recorded.filter((a) => !eventsRecordedByRefusals.includes(a)) : [];
      if (byRefusal.length > 0) failures.push(`${where}: refused, yet recorded ${byRefusal.join(', ')}`);
      const byRead = key.startsWith('GET ') ? recorded.filter((a) => !eventsRecordedByReads.includes(a)) : [];
      if (byRead.length > 0) failures.push(`${where}: a read recorded ${byRead.join(', ')}`);
      if (changed.length > 0) {
        // What the caches answered next, against what they answer once told that anything may have changed.
        t.deps.changes!.changed('*');
        const fresh = await readCachedLists();
        for (const [name, body] of Object.entries(fresh)) {
          if (next[name] !== body) failures.push(`${where}: the next read of the ${name} did not see the change`);
        }
        cached = fresh;
      } else {
        cached = next;
      }
      return { res, changed: changed.length > 0 };
    };

    for (const key of Object.keys(matrix)) {
      const row = matrix[key];
      const method = key.split(' ')[0];
      // Made before the first SCIM call is walked, not during it.
      if (row.access === 'scimToken') await scimToken();
      if (method === 'GET') {
        // A read, once, by whoever may make it: it changes nothing, or records what eventsRecordedByReads names.
        const reader = personaNames.map((n) => world.personas[n]).find((p) => outcomeOf(row, p) === 'allow');
        if (reader) await walk(key, reader.name, () => probe(key, method, reader));
        else if (row.access === 'scimToken')
          await walk(key, 'scim', () => sendAs('scim', row.request(ids, world.personas.anonymous), 'GET'));
        continue;
      }
      if (!row.last) {
        for (const name of personaNames) {
          const p = world.personas[name];
          const extra = outcomeOf(row, p) === 'allow' ? ((await row.fresh?.(p)) ?? {}) : {};
          await walk(key, name, () => probe(key, method, p, extra));
        }
      }
      const walked = walks[key];
      if (walked && 'commit' in walked) {
        const { as, request } = await walked.commit(ids);
        // What the request's preparation recorded is not the walked call's.
        await recordedSince();
        const { res, changed } = await walk(key, as ?? 'its own credential', () => sendAs(as, request, method));
        if (res.statusCode >= 400 || !changed)
          failures.push(`${key}: the walk's request committed nothing: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      if (!changedBy.has(key) && !(walked && 'changesNothing' in walked)) {
        failures.push(
          `${key}: the walk saw it change nothing; give it a request that commits a change in \`walks\`, or say why it never does`,
        );
      }
    }
    expect(cached).toBeDefined();
    expect(failures).toEqual([]);
    // A thousand calls, each between two fingerprints of the database: minutes on a busy machine.
  }, 900_000);

  it("refuses every external call beyond its access key's permissions before reading its input, and admits the rest", async () => {
    // The key-permission axis (decision 069): for each call, a key of home whose area is at none,
    // read or write and every other area at none, with the Organizational Admin's idToken.
    const admin = world.personas.orgAdmin;
    const keys = new Map<string, string>();
    const keyFor = async (area: AccessKeyArea, level: AccessLevel) => {
      const name = `${area}:${level}`;
      if (!keys.has(name)) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/integrations',
          headers: admin.console,
          payload: { name: `Matrix ${name}`, permissions: { ...NO_AREAS, [area]: level } },
        });
        expect(res.statusCode, res.body).toBe(201);
        keys.set(name, (res.json() as { accessKey: string }).accessKey);
      }
      return keys.get(name)!;
    };
    const byPath = new Map<string, (typeof externalApiPermissions)[keyof typeof externalApiPermissions]>(
      Object.entries(externalApiPermissions).map(([op, needed]) => {
        const def = externalApiRoutes[op as keyof typeof externalApiPermissions];
        return [`${def.method} /api${def.path}`, needed] as const;
      }),
    );
    const failures: string[] = [];
    let refused = 0;
    let admitted = 0;
    for (const [key, row] of Object.entries(matrix)) {
      if (!isApiPath(key) || isPublic(row)) continue;
      const needed = byPath.get(key);
      if (!needed) {
        failures.push(`${key}: no permission in externalApiPermissions`);
        continue;
      }
      const [method] = key.split(' ');
      for (const level of accessLevels) {
        const apikey = await keyFor(needed.area, level);
        const allowed = level === 'write' || (level === 'read' && needed.level === 'read');
        const extra = allowed && row.fresh ? await row.fresh(admin) : {};
        const { url, headers, ...rest } = row.request({ ...ids, ...extra }, admin);
        // A refused call gets a query no page takes and a body that is not even JSON: refused before they are read, it is no 400.
        const res = allowed
          ? await t.app.inject({ method: method as InjectOptions['method'], url, ...rest, headers: { ...admin.api, ...headers, apikey } })
          : await t.app.inject({
              method: method as InjectOptions['method'],
              url: `${url}${url.includes('?') ? '&' : '?'}limit=-1&page=-1&after=%00`,
              headers: { ...admin.api, ...headers, apikey, 'content-type': 'application/json' },
              ...(method === 'GET' ? {} : { payload: '{' }),
            });
        const where = `${key} with ${needed.area}: ${level}: got ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (allowed) {
          admitted++;
          if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) failures.push(`${where}, expected it admitted`);
          continue;
        }
        refused++;
        const answer = res.json() as { code?: string; message?: string; details?: unknown };
        const message = `This access key may not ${needed.level} ${ACCESS_KEY_AREA_NAMES[needed.area]}: it has ${ACCESS_KEY_AREA_NAMES[needed.area]}: ${level}.`;
        if (res.statusCode !== 403 || answer.code !== externalApiErrorCodes.permissionDenied || answer.message !== message) {
          failures.push(`${where}, expected 403 ${externalApiErrorCodes.permissionDenied}: "${message}"`);
        }
        if (JSON.stringify(answer.details) !== JSON.stringify({ area: needed.area, needed: needed.level, has: level })) {
          failures.push(`${where}: details`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every external call but the token's, at three levels: each refused at none, the writes at read too.
    expect(byPath.size).toBe(Object.keys(externalApiRoutes).length - 1);
    expect(refused + admitted).toBe(byPath.size * 3);
    expect(refused).toBeGreaterThan(byPath.size);
  });

  it('admits every external call made with a key that acts on its own as its Organizational Admin, and refuses a key without the option', async () => {
    // The key-alone axis (decision 069): no Authorization header at all. A key of home that acts on its own
    // gets the Organizational Admin's calls; the same key with the call's area at none is refused by its
    // permissions; a key without the option is refused for want of a token. Refused calls get input no call takes.
    const admin = world.personas.orgAdmin;
    const keyOf = async (name: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/integrations', headers: admin.console, payload: { name, ...payload } });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { accessKey: string }).accessKey;
    };
    const alone = await keyOf('Matrix alone', { actsAlone: true });
    const needsPerson = await keyOf('Matrix needs a person', {});
    const aloneWithNothing = await keyOf('Matrix alone, no area', { actsAlone: true, permissions: NO_AREAS });
    const failures: string[] = [];
    let walked = 0;
    for (const [key, row] of Object.entries(matrix)) {
      if (!isApiPath(key) || isPublic(row)) continue;
      walked++;
      const [method] = key.split(' ');
      const orgAdminMay = typeof row.access === 'object' && 'api' in row.access && row.access.api.includes('org_admin');
      const extra = orgAdminMay && row.fresh ? await row.fresh(admin) : {};
      const { url, headers, ...rest } = row.request({ ...ids, ...extra }, admin);
      const res = await t.app.inject({ method: method as InjectOptions['method'], url, ...rest, headers: { ...headers, apikey: alone } });
      const where = `${key} with a key alone: got ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (orgAdminMay && (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500))
        failures.push(`${where}, expected it admitted`);
      if (!orgAdminMay && res.statusCode !== 403) failures.push(`${where}, expected 403 as an Organizational Admin`);

      const broken = (apikey: string) =>
        t.app.inject({
          method: method as InjectOptions['method'],
          url: `${url}${url.includes('?') ? '&' : '?'}limit=-1&page=-1&after=%00`,
          headers: { ...headers, apikey, 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { payload: '{' }),
        });
      const narrowed = await broken(aloneWithNothing);
      if (narrowed.statusCode !== 403 || narrowed.json().code !== externalApiErrorCodes.permissionDenied) {
        failures.push(
          `${key} with a key alone of no area: got ${narrowed.statusCode} ${narrowed.body.slice(0, 200)}, expected 403 ${externalApiErrorCodes.permissionDenied}`,
        );
      }
      const person = await broken(needsPerson);
      if (person.statusCode !== 401 || person.json().code !== externalApiErrorCodes.tokenMissing) {
        failures.push(
          `${key} with a key needing a person and no token: got ${person.statusCode} ${person.body.slice(0, 200)}, expected 401 ${externalApiErrorCodes.tokenMissing}`,
        );
      }
    }
    expect(failures).toEqual([]);
    // Every external call but the token's.
    expect(walked).toBe(Object.keys(externalApiRoutes).length - 1);
  });

  it('signs every persona out, last', async () => {
    for (const name of personaNames) {
      const p = world.personas[name];
      expect((await probe('DELETE /api/logout', 'DELETE', p)).statusCode, name).toBe(200);
      if (p.userId && !p.disabled && (p.role === 'org_admin' || p.staff)) {
        expect((await t.app.inject({ url: '/api/auth/me', headers: p.console })).statusCode, name).toBe(401);
      }
    }
  });
});
