/**
 * The one writer of the audit log. Every change a person makes to an organization's
 * setup is recorded here, in the same transaction as the change, with one of the actions
 * below (the stored strings stay as first written: old rows keep their meaning).
 */

import type { Db } from './client.js';
import { auditLog } from './schema.js';

/** Each action, with the kind of thing it acts on. */
export const auditActions = {
  'integration.create': 'integration',
  'integration.update': 'integration',
  'integration.delete': 'integration',
  'integration.roll': 'integration',
  'organization.create': 'organization',
  'organization.update': 'organization',
  'organization.disable': 'organization',
  'organization.client_key': 'organization',
  'organization.setting': 'organization',
  'organization.manager.add': 'user',
  'organization.manager.invitation': 'user',
  'workflow_import.schedule': 'workflow_import',
  'scim_token.create': 'scim_token',
  'scim_token.roll': 'scim_token',
  'scim_token.revoke': 'scim_token',
  'scim.config': 'organization',
  /** The identity provider may (or may no longer) change Organizational Admins: `{ before, after }`. */
  'scim.manages_admins': 'organization',
  /** An import named e-mails of other organizations (how many, how many spent a check, whether they were withheld): decision 020. */
  'user_import.foreign_emails': 'user_import',
  /** A SCIM or external API write named an e-mail of another organization (`{ via, checked, withheld }`): decision 020. */
  'user.foreign_email': 'organization',
} as const;

export type AuditAction = keyof typeof auditActions;

export interface AuditEntry {
  action: AuditAction;
  /** The organization whose setup changed. */
  organizationId: string;
  /** Who did it (a staff member or an Organizational Admin; null: the maker of a SCIM token who is gone). */
  actorUserId: string | null;
  /** The id of what it acted on (of the kind auditActions names). */
  targetId: string;
  details?: unknown;
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    organizationId: entry.organizationId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: auditActions[entry.action],
    targetId: entry.targetId,
    details: entry.details ?? null,
  });
}
