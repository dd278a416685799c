/**
 * Whom the console tells of what needs an organization's attention (a webhook it disabled, a
 * signing certificate about to expire): its enabled Organizational Admins who have an address,
 * each with their language, else the organization's. One definition, so every notice reaches
 * the same people.
 */
import { type SQL, sql } from 'drizzle-orm';

export interface AdminRecipient {
  email: string;
  name: string;
  /** Theirs, else their organization's (null when neither is set: the mail's default). */
  locale: string | null;
}

/** A JSON array of the organization's admins to tell (`[]` when none), oldest first; `organizationId` is an SQL expression. */
export const adminRecipientsJson = (organizationId: SQL) =>
  sql`coalesce((SELECT json_agg(json_build_object('email', u.email, 'name', u.display_name,
      'locale', coalesce(u.locale, ao.locale)) ORDER BY u.id)
    FROM users u JOIN organizations ao ON ao.id = u.organization_id
    WHERE u.organization_id = ${organizationId} AND u.role = 'org_admin' AND u.disabled_at IS NULL
      AND u.email IS NOT NULL), '[]'::json)`;
