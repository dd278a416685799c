/**
 * Per-organization settings of the Super area (docs/product.md, "Organization settings";
 * decision 014), and the organization's import status. Reads give every defined
 * setting, with its default where it was never changed; a change is validated against the
 * setting's definition in the contracts, stored with who made it and when, and recorded as
 * an event with its value before and after.
 */
import {
  aiVerificationShape,
  EVENT_RETENTION_SETTING,
  type ImportStatusView,
  ORGANIZATION_SETTINGS,
  type OrganizationSettingDefinition,
  type OrganizationSettingValue,
  type OrganizationSettingView,
  organizationErrorCodes,
  organizationSettingDefinition,
  organizationSettingErrorCodes,
  organizationSettingValueSchema,
  SSO_LOGIN_ONLY_SETTING,
  USER_IMPORT_STATUSES,
  type UserImportStatus,
  VERIFICATION_MODELS,
} from '@console/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import { type AuthContext, personOf } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { actorOf, recordEvent } from '../events/record.js';
import { organizationNotFound } from './organization-errors.js';
import type { OrganizationSettingsRepository, StoredSetting } from './organization-settings.repository.js';
import type { OrganizationsRepository } from './organizations.repository.js';

/** The shape a setting's value must have, before its rules (bounds, required models) are checked. */
const storedShape = (def: OrganizationSettingDefinition) =>
  def.type === 'toggle' ? z.boolean() : def.type === 'days' ? z.number().refine(Number.isInteger) : aiVerificationShape;

const expectedOf: Record<OrganizationSettingDefinition['type'], string> = {
  toggle: 'a boolean',
  aiVerification: 'an object { enabled, photoModel, videoModel }',
  days: 'a whole number of days',
};

/** A stored value as it reads: undefined when it is of the wrong shape, or a number of days out of its bounds. */
function storedValue(def: OrganizationSettingDefinition, raw: unknown): OrganizationSettingValue | undefined {
  const fits = def.type === 'days' ? organizationSettingValueSchema(def) : storedShape(def);
  const parsed = fits.safeParse(raw);
  return parsed.success ? (parsed.data as OrganizationSettingValue) : undefined;
}

/** A definition and its stored row (if any) as the API shows it; a stored value that does not read (storedValue) reads as the default. */
function toView(def: OrganizationSettingDefinition, row: StoredSetting | undefined): OrganizationSettingView {
  const stored = row ? storedValue(def, row.value) : undefined;
  const changed = row !== undefined && stored !== undefined;
  return {
    key: def.key,
    group: def.group,
    type: def.type,
    value: changed ? stored : def.default,
    isDefault: !changed,
    updatedAt: changed ? row.updatedAt.toISOString() : null,
    updatedBy: changed && row.updatedById && row.updatedByName ? { id: row.updatedById, displayName: row.updatedByName } : null,
  };
}

export const settingNotFound = () => new NotFound('Organization setting not found.', organizationSettingErrorCodes.notFound);

/** The value checked against its setting's kind and rules; 400 with field details otherwise. */
function checkValue(def: OrganizationSettingDefinition, value: unknown): OrganizationSettingValue {
  if (!storedShape(def).safeParse(value).success) {
    throw new ValidationError(
      `The setting ${def.key} takes ${expectedOf[def.type]}.`,
      [{ path: '/value', message: 'invalidType' }],
      organizationSettingErrorCodes.invalid,
    );
  }
  const parsed = organizationSettingValueSchema(def).safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ path: ['/value', ...i.path].join('/'), message: i.message }));
  if (def.type === 'days') {
    throw new ValidationError(
      `The setting ${def.key} takes from ${def.min} to ${def.max} days.`,
      details,
      organizationSettingErrorCodes.daysOutOfRange,
    );
  }
  const required = details.some((d) => d.message === 'required');
  throw required
    ? new ValidationError('AI verification needs a photo model and a video model.', details, organizationSettingErrorCodes.modelsRequired)
    : new ValidationError('This verification model does not exist.', details, organizationSettingErrorCodes.modelUnknown);
}

export function createOrganizationSettingsService(deps: {
  db: Db;
  repo: OrganizationSettingsRepository;
  /** The organizations' rows: whether one exists, and its lock while a setting changes. */
  organizations: OrganizationsRepository;
  clock: Clock;
  /** "SSO login only" turned on ends the organization's password sessions (the auth module's), in the change's transaction. */
  endPasswordSessions: (organizationId: string, tx: Db) => Promise<number>;
  /**
   * Whether the organization has an enabled single sign-on connection that someone has signed
   * in through (the connections module's): "SSO login only" needs one, or nobody could sign in.
   */
  signedInConnection: (organizationId: string, db?: Db) => Promise<boolean>;
}) {
  const { db, repo, organizations, clock, endPasswordSessions, signedInConnection } = deps;

  async function views(organizationId: string, db2: Db = db) {
    const rows = new Map((await repo.settings(organizationId, db2)).map((r) => [r.key, r]));
    return (ORGANIZATION_SETTINGS as OrganizationSettingDefinition[]).map((def) => toView(def, rows.get(def.key)));
  }

  return {
    async list(organizationId: string): Promise<{ settings: OrganizationSettingView[]; ssoLoginOnlyAvailable: boolean }> {
      if (!(await organizations.exists(organizationId))) throw organizationNotFound();
      const [settings, ssoLoginOnlyAvailable] = await Promise.all([views(organizationId), signedInConnection(organizationId)]);
      return { settings, ssoLoginOnlyAvailable };
    },

    /** How the organization's user imports and workflow imports stand (constants/importStatus). */
    async importStatus(organizationId: string): Promise<{ importStatus: ImportStatusView }> {
      if (!(await organizations.exists(organizationId))) throw organizationNotFound();
      const [counted, latest, workflow] = await Promise.all([
        repo.userImportCounts(organizationId),
        repo.latestUserImports(organizationId),
        repo.latestWorkflowImports(organizationId),
      ]);
      // docs/product.md, "User imports": a status it does not know is shown as processing.
      const statusOf = (s: string): UserImportStatus =>
        (USER_IMPORT_STATUSES as readonly string[]).includes(s) ? (s as UserImportStatus) : 'processing';
      const counts = Object.fromEntries(USER_IMPORT_STATUSES.map((s) => [s, 0])) as Record<UserImportStatus, number>;
      for (const c of counted) counts[statusOf(c.status)] += c.n;
      const items = await repo.workflowImportItemCounts(workflow.rows.map((w) => w.id));
      const itemCounts = (importId: string) => {
        const out = { scheduled: 0, pending: 0, completed: 0, failed: 0 };
        for (const i of items) if (i.importId === importId && i.status in out) out[i.status as keyof typeof out] += i.n;
        return out;
      };
      return {
        importStatus: {
          userImports: {
            counts,
            latest: latest.map((u) => ({
              ...u,
              status: statusOf(u.status),
              createdAt: u.createdAt.toISOString(),
              finishedAt: u.finishedAt?.toISOString() ?? null,
            })),
          },
          workflowImports: {
            total: workflow.total,
            latest: workflow.rows.map((w) => ({
              id: w.id,
              createdAt: w.createdAt.toISOString(),
              finishedAt: w.finishedAt?.toISOString() ?? null,
              ...itemCounts(w.id),
            })),
          },
        },
      };
    },

    /**
     * How many days each organization keeps its events (the events' retention job): its
     * setting, else the default, read as the screen reads it.
     */
    async eventRetentionDays(): Promise<{ organizationId: string; days: number }[]> {
      const def = organizationSettingDefinition(EVENT_RETENTION_SETTING);
      if (def?.type !== 'days') throw new Error('eventRetentionDays is not a setting of days');
      const rows = await repo.valueOfEvery(def.key);
      return rows.map(({ organizationId, value }) => ({
        organizationId,
        days: (storedValue(def, value) as number | undefined) ?? def.default,
      }));
    },

    verificationModels() {
      return { verificationModels: VERIFICATION_MODELS };
    },

    /**
     * Changes one setting. The organization's row is held (FOR SHARE) while the change is
     * made, so it cannot be disabled half way; a disabled organization refuses changes.
     */
    async change(auth: AuthContext, organizationId: string, key: string, value: unknown): Promise<{ setting: OrganizationSettingView }> {
      const def = organizationSettingDefinition(key);
      if (!def) throw settingNotFound();
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const org = await organizations.lock(organizationId, 'share', tx);
        if (!org) throw organizationNotFound();
        if (org.disabledAt) throw new Conflict('A disabled organization cannot be changed.', organizationErrorCodes.disabled);
        const checked = checkValue(def, value);
        // Read under the organization's row lock, which disabling or deleting a connection takes
        // too: the last connection that signs people in cannot go while this is turned on.
        if (def.key === SSO_LOGIN_ONLY_SETTING && checked === true && !(await signedInConnection(organizationId, tx))) {
          throw new Conflict(
            'Turn "SSO login only" on once an enabled single sign-on connection of this organization has signed someone in: without one, nobody of the organization could sign in. Its Organizational Admins set one up on the Single sign-on screen.',
            organizationSettingErrorCodes.ssoConnectionRequired,
          );
        }
        const before = (await views(organizationId, tx)).find((s) => s.key === def.key)?.value;
        await repo.upsert({ organizationId, key: def.key, value: checked, updatedAt: now, updatedBy: personOf(auth).userId }, tx);
        await recordEvent(tx, {
          action: 'organization.setting.changed',
          organizationId,
          actor: actorOf(auth),
          targets: [{ type: 'organization', id: organizationId, name: org.name }],
          data: { key: def.key, before, after: checked },
        });
        // Password sessions and API tokens end at once, not when they expire: "SSO login only" means from now on.
        if (def.key === SSO_LOGIN_ONLY_SETTING && checked === true) await endPasswordSessions(organizationId, tx);
        const setting = (await views(organizationId, tx)).find((s) => s.key === def.key);
        if (!setting) throw settingNotFound();
        return { setting };
      });
      return result;
    },
  };
}

export type OrganizationSettingsService = ReturnType<typeof createOrganizationSettingsService>;
