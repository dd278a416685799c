/**
 * The single sign-on connections of an organization, for its Organizational Admins on the
 * Single sign-on screen and through the external API, and read-only for staff on the Super
 * area's organization page (docs/decisions/062-sso-connections-per-organization.md). Every
 * query is scoped to the caller's organization, so another organization's connection is
 * simply not found. Every write records its event in its own transaction; the client secret
 * is never answered (only its last four characters) and never recorded.
 */
import {
  type CreateSsoConnectionBody,
  type EventAction,
  type EventActor,
  type PageQuery,
  SSO_CONNECTIONS_MAX,
  type SsoConnectionView,
  type SsoGroupRole,
  type SsoJitRole,
  ssoConnectionErrorCodes,
  type UpdateSsoConnectionBody,
} from '@console/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { actorOf, recordEvent } from '../events/record.js';
import { type IssuerProblem, issuerProblem } from './issuer-address.js';
import { samlReady, samlViewOf, serviceProviderOf } from './saml-view.js';
import type { ConnectionValues, SsoConnectionRow, SsoConnectionsRepository } from './sso-connections.repository.js';

export const connectionNotFound = () => new NotFound('Single sign-on connection not found.', ssoConnectionErrorCodes.notFound);

const ISSUER_MESSAGES: Record<IssuerProblem, string> = {
  not_https: 'The issuer must start with https://.',
  private_address: 'The issuer names a private, loopback or link-local address.',
  credentials: 'The issuer must not hold a user name or password.',
};

/** The redirect URI a connection's identity provider must know. */
export function connectionCallbackUrl(publicUrl: string, apiBasePath: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${apiBasePath}/auth/sso/connections/${id}/callback`;
}

/** The fields an event tells of a connection (never its secret; a certificate by its fingerprint). */
export const described = (view: SsoConnectionView) => ({
  name: view.name,
  kind: view.kind,
  issuer: view.issuer,
  clientId: view.clientId,
  enabled: view.enabled,
  jit: view.jit,
  jitRole: view.jitRole,
  groupRoles: view.groupRoles,
  ...(view.saml && {
    saml: {
      idpEntityId: view.saml.idpEntityId,
      ssoUrl: view.saml.ssoUrl,
      metadataUrl: view.saml.metadataUrl,
      idpInitiated: view.saml.idpInitiated,
      certificates: view.saml.certificates.map((c) => c.fingerprint),
    },
  }),
});

export type ConnectionAction = Extract<EventAction, `sso_connection.${string}`>;

/** A connection's event, in the change's transaction (so webhooks carry it). */
export const recordConnectionEvent = (
  tx: Tx,
  organizationId: string,
  actor: EventActor,
  action: ConnectionAction,
  view: Pick<SsoConnectionView, 'id' | 'name'>,
  data?: Record<string, unknown>,
) => recordEvent(tx, { action, organizationId, actor, targets: [{ type: 'sso_connection', id: view.id, name: view.name }], data });

export function createSsoConnectionsService(deps: {
  db: Db;
  repo: SsoConnectionsRepository;
  clock: Clock;
  publicUrl: string;
  apiBasePath: string;
  /** SSO_CONNECTIONS_ALLOW_LOOPBACK: an issuer on this machine over http:// (development and tests). */
  allowLoopback: boolean;
  /** Whether the organization's "SSO login only" is on (a setting of the organizations module), read in the caller's transaction. */
  ssoLoginOnly: (organizationId: string, tx: Tx) => Promise<boolean>;
}) {
  const { db, repo, clock } = deps;

  function toView(row: SsoConnectionRow): SsoConnectionView {
    return {
      id: row.id,
      kind: row.kind as SsoConnectionView['kind'],
      name: row.name,
      enabled: row.enabled,
      issuer: row.issuer,
      clientId: row.clientId,
      clientSecretLast4: row.clientSecret ? row.clientSecret.slice(-4) : null,
      samlConfigured: row.kind === 'saml' && samlReady(row),
      saml: row.kind === 'saml' ? samlViewOf(row, serviceProviderOf(deps.publicUrl, deps.apiBasePath, row.id), clock.now()) : null,
      jit: row.jit,
      jitRole: row.jitRole as SsoJitRole,
      groupRoles: row.groupRoles as SsoGroupRole[],
      callbackUrl:
        row.kind === 'saml'
          ? serviceProviderOf(deps.publicUrl, deps.apiBasePath, row.id).acsUrl
          : connectionCallbackUrl(deps.publicUrl, deps.apiBasePath, row.id),
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  const record = (tx: Tx, auth: AuthContext, action: ConnectionAction, view: SsoConnectionView, data?: Record<string, unknown>) =>
    recordConnectionEvent(tx, auth.organizationId, actorOf(auth), action, view, data);

  function checkedIssuer(issuer: string): string {
    const problem = issuerProblem(issuer, deps.allowLoopback);
    if (problem) throw new ValidationError(ISSUER_MESSAGES[problem], { reason: problem }, ssoConnectionErrorCodes.issuerInvalid);
    // Kept without a trailing slash: the issuer a provider announces is compared exactly.
    return issuer.replace(/\/+$/, '');
  }

  async function row(organizationId: string, id: string, tx: Db = db) {
    const found = await repo.findById(organizationId, id, tx);
    if (!found) throw connectionNotFound();
    return found;
  }

  /** A connection's kept refusals, newest first (its organization's only: the repository joins on it). */
  async function refusalsOf(organizationId: string, id: string) {
    const rows = await repo.listRefusals(organizationId, id);
    return rows.map((r) => ({ at: r.at.toISOString(), reasonCode: r.reasonCode as never, reason: r.reason }));
  }

  /**
   * While "SSO login only" is on, the organization keeps an enabled connection that someone has
   * signed in through: disabling or deleting the last one is refused, since nobody could then
   * sign in (decision 062). The organization's row is locked first (`signedInOthers`), as
   * turning the setting on locks it, so neither a concurrent change of the setting nor of
   * another connection slips between the count and this change.
   */
  async function keepOneThatSignsIn(auth: AuthContext, id: string, tx: Tx) {
    if ((await repo.signedInOthers(auth.organizationId, id, tx)) > 0) return;
    const current = await row(auth.organizationId, id, tx);
    if (!current.enabled || !current.lastSignInAt || !(await deps.ssoLoginOnly(auth.organizationId, tx))) return;
    throw new Conflict(
      'This is the last enabled connection people of your organization have signed in through, and "SSO login only" is on: without it nobody could sign in. Ask support to turn "SSO login only" off first, or first sign in through another enabled connection.',
      ssoConnectionErrorCodes.lastForSsoLoginOnly,
    );
  }

  return {
    toView,

    async list(auth: AuthContext, page: PageQuery) {
      const { rows, total } = await repo.list(auth.organizationId, page);
      return { connections: rows.map(toView), total };
    },

    /** The Super area's organization page: every connection of that organization, read-only. */
    async listOf(organizationId: string) {
      const { rows, total } = await repo.list(organizationId, { page: 1, limit: SSO_CONNECTIONS_MAX });
      return { connections: rows.map(toView), total };
    },

    async get(auth: AuthContext, id: string) {
      return { connection: toView(await row(auth.organizationId, id)) };
    },

    /** The external API's read of one: the connection and why it last refused sign-ins, in one answer. */
    async details(auth: AuthContext, id: string) {
      const connection = toView(await row(auth.organizationId, id));
      return { connection, refusals: await refusalsOf(auth.organizationId, id) };
    },

    async create(auth: AuthContext, body: CreateSsoConnectionBody) {
      const oidc =
        body.kind === 'oidc' ? { issuer: checkedIssuer(body.issuer), clientId: body.clientId, clientSecret: body.clientSecret } : null;
      return db.transaction(async (tx) => {
        // Counted with the organization's row locked against concurrent creations, so the cap holds.
        if ((await repo.countForCreate(auth.organizationId, tx)) >= SSO_CONNECTIONS_MAX)
          throw new Conflict(
            `This organization already has ${SSO_CONNECTIONS_MAX} single sign-on connections, the most allowed: delete one first.`,
            ssoConnectionErrorCodes.limitReached,
            { max: SSO_CONNECTIONS_MAX },
          );
        const id = await repo.insert(
          {
            organizationId: auth.organizationId,
            kind: body.kind,
            name: body.name,
            enabled: body.enabled,
            issuer: oidc?.issuer ?? null,
            clientId: oidc?.clientId ?? null,
            clientSecret: oidc?.clientSecret ?? null,
            jit: body.jit,
            jitRole: body.jitRole,
            groupRoles: body.groupRoles,
            createdBy: auth.userId,
            now: clock.now(),
          },
          tx,
        );
        const connection = toView(await row(auth.organizationId, id, tx));
        await record(tx, auth, 'sso_connection.created', connection, described(connection));
        return { connection };
      });
    },

    async update(auth: AuthContext, id: string, body: UpdateSsoConnectionBody) {
      const changes: Partial<ConnectionValues> = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.issuer !== undefined && { issuer: checkedIssuer(body.issuer) }),
        ...(body.clientId !== undefined && { clientId: body.clientId }),
        ...(body.enabled !== undefined && { enabled: body.enabled }),
        ...(body.jit !== undefined && { jit: body.jit }),
        ...(body.jitRole !== undefined && { jitRole: body.jitRole }),
        ...(body.groupRoles !== undefined && { groupRoles: body.groupRoles }),
        ...(body.samlIdpInitiated !== undefined && { samlIdpInitiated: body.samlIdpInitiated }),
      };
      return db.transaction(async (tx) => {
        if (changes.enabled === false) await keepOneThatSignsIn(auth, id, tx);
        const current = await row(auth.organizationId, id, tx);
        if (current.kind === 'saml' && (changes.issuer !== undefined || changes.clientId !== undefined))
          throw new Conflict('A SAML connection has no issuer or client id.', ssoConnectionErrorCodes.incomplete);
        if (current.kind === 'saml' && changes.enabled === true && !samlReady(current))
          throw new Conflict('Set up the SAML identity provider before enabling the connection.', ssoConnectionErrorCodes.incomplete);
        if (current.kind === 'oidc' && changes.samlIdpInitiated !== undefined)
          throw new Conflict('An OpenID Connect connection has no SAML settings.', ssoConnectionErrorCodes.incomplete);
        const before = toView(current);
        await repo.update(auth.organizationId, id, { ...changes, now: clock.now() }, tx);
        const connection = toView(await row(auth.organizationId, id, tx));
        await record(tx, auth, 'sso_connection.updated', connection, { before: described(before), after: described(connection) });
        return { connection };
      });
    },

    /**
     * Deleting ends the round trips under way through it (their rows go with it); people it
     * signed in stay. The last connection that signs people in stays while "SSO login only" is on.
     */
    async remove(auth: AuthContext, id: string) {
      return db.transaction(async (tx) => {
        await keepOneThatSignsIn(auth, id, tx);
        const removedConnection = toView(await row(auth.organizationId, id, tx));
        await repo.remove(auth.organizationId, id, tx);
        await record(tx, auth, 'sso_connection.deleted', removedConnection, described(removedConnection));
        return { removedConnection };
      });
    },

    /** The identity provider gave a new client secret: it replaces the old one at once. */
    async rotateSecret(auth: AuthContext, id: string, clientSecret: string) {
      return db.transaction(async (tx) => {
        if (!(await repo.replaceSecret(auth.organizationId, id, clientSecret, clock.now(), tx))) {
          await row(auth.organizationId, id, tx);
          throw new Conflict('A SAML connection has no client secret.', ssoConnectionErrorCodes.incomplete);
        }
        const connection = toView(await row(auth.organizationId, id, tx));
        await record(tx, auth, 'sso_connection.secret_rotated', connection, { secretLast4: connection.clientSecretLast4 });
        return { connection };
      });
    },

    async refusals(auth: AuthContext, id: string) {
      await row(auth.organizationId, id);
      return { refusals: await refusalsOf(auth.organizationId, id) };
    },

    async testResult(auth: AuthContext, id: string) {
      const found = await row(auth.organizationId, id);
      return { test: (found.lastTest as never) ?? null };
    },
  };
}

export type SsoConnectionsService = ReturnType<typeof createSsoConnectionsService>;
