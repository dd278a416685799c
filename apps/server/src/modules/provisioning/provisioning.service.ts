/**
 * The Provisioning screen (docs/product.md, "Provisioning"): an organization's SCIM tokens
 * (shown once, stored hashed, rolled with a grace period, revoked at once), what
 * provisioning gives a new user, whether it may touch Organizational Admins, and what it
 * did. For Organizational Admins, scoped to the caller's organization like the access keys.
 */
import {
  type EventAction,
  type EventData,
  GRACE_PERIOD_MS,
  type GracePeriod,
  type PageQuery,
  type ProvisioningConfig,
  type ProvisioningHealth,
  provisioningErrorCodes,
  SCIM_PATH,
  SCIM_TOKENS_MAX,
  type ScimEventView,
  type ScimTokenBody,
  type ScimTokenView,
} from '@console/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import { type AuthContext, personOf } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { actorOf, recordChange, recordEvent } from '../events/record.js';
import type { ProvisioningRepository } from './provisioning.repository.js';
import { generateScimToken } from './scim-token.js';

type TokenRow = Awaited<ReturnType<ProvisioningRepository['liveTokens']>>[number];
type EventRow = NonNullable<Awaited<ReturnType<ProvisioningRepository['latestEvent']>>>;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toTokenView = (row: TokenRow): ScimTokenView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  last4: row.last4,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  lastUsedAt: iso(row.lastUsedAt),
  expiresAt: iso(row.expiresAt),
});

const toEventView = ({ at, ...event }: EventRow) => ({ ...event, at: at.toISOString() }) as ScimEventView;

type ScimTokenAction = Extract<EventAction, `scim.token.${string}`>;

const notFound = () => new NotFound('SCIM token not found.', provisioningErrorCodes.tokenNotFound);

export function createProvisioningService(deps: {
  db: Db;
  repo: ProvisioningRepository;
  clock: Clock;
  publicUrl: string;
  apiBasePath: string;
}) {
  const { db, repo, clock } = deps;
  const baseUrl = `${deps.publicUrl.replace(/\/$/, '')}${deps.apiBasePath}${SCIM_PATH}`;

  async function tokenView(auth: AuthContext, id: string, tx: Db = db) {
    const row = (await repo.liveTokens(auth.organizationId, clock.now(), tx)).find((t) => t.id === id);
    if (!row) throw notFound();
    return toTokenView(row);
  }

  /** The event of a change to a token, naming it as its admin called it. */
  const record = (tx: Tx, auth: AuthContext, action: ScimTokenAction, token: { id: string; name: string }, data?: EventData) =>
    recordEvent(tx, {
      action,
      organizationId: auth.organizationId,
      actor: actorOf(auth),
      targets: [{ type: 'scim_token', id: token.id, name: token.name }],
      data,
    });

  /**
   * A new token, with its secret (the one time it is seen); within the cap of live tokens.
   * Made with the name given, or by a roll, which gives it the rolled token's name: the
   * identity provider it serves stays the same.
   */
  async function issue(auth: AuthContext, tx: Tx, made: { name: string } | { rolled: string; gracePeriod: GracePeriod }) {
    await repo.lockOrganization(auth.organizationId, tx);
    const now = clock.now();
    const live = await repo.liveTokens(auth.organizationId, now, tx);
    const rolled = 'rolled' in made ? made : undefined;
    let name: string;
    if ('rolled' in made) {
      const replaced = live.find((t) => t.id === made.rolled);
      if (!replaced) throw notFound();
      name = replaced.name;
      await repo.expireToken(auth.organizationId, made.rolled, new Date(now.getTime() + GRACE_PERIOD_MS[made.gracePeriod]), tx);
    } else {
      name = made.name;
    }
    // A roll ending at once frees its place; one with a grace period holds it until then.
    const holding = live.filter((t) => !(rolled && t.id === rolled.rolled && rolled.gracePeriod === 'now')).length;
    if (holding >= SCIM_TOKENS_MAX)
      throw new Conflict(
        `This organization already has ${SCIM_TOKENS_MAX} SCIM tokens that work: revoke one first.`,
        provisioningErrorCodes.tokenLimitReached,
        { max: SCIM_TOKENS_MAX },
      );
    const token = generateScimToken();
    const id = await repo.insertToken(auth.organizationId, { ...token, name }, personOf(auth).userId, now, tx);
    const view = await tokenView(auth, id, tx);
    if (rolled) await record(tx, auth, 'scim.token.rolled', view, { replaced: rolled.rolled, gracePeriod: rolled.gracePeriod });
    else await record(tx, auth, 'scim.token.created', view);
    return { token: view, secret: token.secret };
  }

  return {
    async get(auth: AuthContext) {
      const [tokens, config, workspaces, { lastCallAt }] = await Promise.all([
        repo.liveTokens(auth.organizationId, clock.now()),
        repo.config(auth.organizationId),
        repo.workspacesOf(auth.organizationId),
        repo.tokenUse(auth.organizationId),
      ]);
      return {
        baseUrl,
        tokens: tokens.map(toTokenView),
        config: {
          defaultRole: config.defaultRole as ProvisioningConfig['defaultRole'],
          defaultWorkspaceIds: config.defaultWorkspaceIds,
          sendInvitations: config.sendInvitations,
          managesAdmins: config.managesAdmins,
        },
        workspaces,
        lastCallAt: iso(lastCallAt),
      };
    },

    createToken: (auth: AuthContext, body: ScimTokenBody) => db.transaction((tx) => issue(auth, tx, { name: body.name })),

    rollToken: (auth: AuthContext, id: string, gracePeriod: GracePeriod) =>
      db.transaction((tx) => issue(auth, tx, { rolled: id, gracePeriod })),

    /** Renames a token that still works; the same name again records nothing. */
    async renameToken(auth: AuthContext, id: string, body: ScimTokenBody) {
      return db.transaction(async (tx) => {
        // Held, so that two renames at once each record the name they really replaced.
        const before = await repo.lockLiveTokenName(auth.organizationId, id, clock.now(), tx);
        if (before === undefined) throw notFound();
        if (before !== body.name) {
          await repo.renameToken(auth.organizationId, id, body.name, tx);
          await record(tx, auth, 'scim.token.renamed', { id, name: body.name }, { before: { name: before }, after: { name: body.name } });
        }
        return { token: await tokenView(auth, id, tx) };
      });
    },

    /** Stops the token at once: the identity provider's next call is refused. */
    async revokeToken(auth: AuthContext, id: string) {
      return db.transaction(async (tx) => {
        const token = await tokenView(auth, id, tx);
        await repo.revokeToken(auth.organizationId, id, clock.now(), tx);
        await record(tx, auth, 'scim.token.revoked', token);
        return { token };
      });
    },

    async updateConfig(auth: AuthContext, config: ProvisioningConfig) {
      const ids = [...new Set(config.defaultWorkspaceIds)];
      const known = new Set((await repo.workspacesOf(auth.organizationId)).map((w) => w.id));
      const unknown = ids.findIndex((id) => !known.has(id));
      if (unknown >= 0)
        throw new ValidationError(
          'A default workspace is not one of the organization’s.',
          [{ path: `/defaultWorkspaceIds/${unknown}`, message: 'workspaceUnknown' }],
          provisioningErrorCodes.workspaceUnknown,
        );
      const saved = { ...config, defaultWorkspaceIds: ids };
      await db.transaction(async (tx) => {
        const { defaultRole, defaultWorkspaceIds, sendInvitations } = await repo.config(auth.organizationId, tx);
        await repo.saveConfig(auth.organizationId, saved, clock.now(), tx);
        await recordEvent(tx, {
          action: 'scim.settings.changed',
          organizationId: auth.organizationId,
          actor: actorOf(auth),
          targets: [{ type: 'organization', id: auth.organizationId, name: personOf(auth).organizationName }],
          data: { before: { defaultRole, defaultWorkspaceIds, sendInvitations }, after: saved },
        });
      });
      return { config: saved };
    },

    /**
     * Lets the identity provider change and deactivate Organizational Admins, or stops it.
     * A change is its own audit row (before → after) in the same transaction; the
     * organization's row is held so that two admins changing it at once each record what
     * they really changed. Saving the value it already has records nothing.
     */
    async updateManagesAdmins(auth: AuthContext, managesAdmins: boolean) {
      await db.transaction((tx) =>
        recordChange(tx, {
          after: managesAdmins,
          lockAndRead: async () => {
            await repo.lockOrganization(auth.organizationId, tx);
            return (await repo.config(auth.organizationId, tx)).managesAdmins;
          },
          write: () => repo.saveConfig(auth.organizationId, { managesAdmins }, clock.now(), tx),
          event: (before) => ({
            action: 'scim.manages_admins.changed',
            organizationId: auth.organizationId,
            actor: actorOf(auth),
            targets: [{ type: 'organization', id: auth.organizationId, name: personOf(auth).organizationName }],
            data: { before, after: managesAdmins },
          }),
        }),
      );
      return { managesAdmins };
    },

    async events(auth: AuthContext, page: PageQuery) {
      const { rows, total } = await repo.listEvents(auth.organizationId, page);
      return { events: rows.map(({ total: _total, ...e }) => toEventView(e)), total };
    },

    /**
     * Provisioning at a glance (the dashboard's integration health): when the identity
     * provider last called and the last request it made, done or refused; null for an
     * organization that never had a SCIM token nor a SCIM request, which does not provision.
     */
    async health(organizationId: string): Promise<ProvisioningHealth | null> {
      const [{ everHadToken, lastCallAt }, lastEvent] = await Promise.all([
        repo.tokenUse(organizationId),
        repo.latestEvent(organizationId),
      ]);
      if (!everHadToken && !lastEvent) return null;
      return { lastCallAt: iso(lastCallAt), lastEvent: lastEvent ? toEventView(lastEvent) : null };
    },
  };
}

export type ProvisioningService = ReturnType<typeof createProvisioningService>;
