/**
 * The one stream of events (docs/product.md, "Events"; docs/decisions/045-events.md): every
 * change a person, an access key, a SCIM token or the system makes is one event, recorded in
 * the change's own transaction. The actions are ONE typed list, grouped by area; the audit
 * trail, its export, the events API and the webhooks all show an event as `eventView` says.
 */
import { z } from 'zod';

/**
 * Every action, by area (the trail's action filter groups them so). Dotted names: the area,
 * what was acted on when the area has several kinds of thing, and what happened, in the past.
 */
export const eventActionsByArea = {
  session: [
    /** A person signed in (password, one-time link, SSO, an accepted invitation). */
    'session.signed_in',
    /** A sign-in was refused (wrong password, unknown e-mail, disabled user…): `data.reason`. */
    'session.sign_in_failed',
    /** Too many failed sign-ins: the e-mail is locked out for a while. */
    'session.locked_out',
    /** A person ended one of their sessions from the Sessions screen. */
    'session.revoked',
    'session.signed_out',
  ],
  one_time_link: ['one_time_link.used'],
  access_key: ['access_key.created', 'access_key.updated', 'access_key.rolled', 'access_key.deleted'],
  user: [
    'user.created',
    'user.updated',
    'user.disabled',
    /** A person accepted their invitation: set a password and signed in. */
    'user.invitation_accepted',
    /** A SCIM or external API write named an e-mail of another organization (`data: { via, checked, withheld }`, decision 020). */
    'user.foreign_email_refused',
    /** "Forgot your password?" e-mailed the person a reset link (the requester's address as the system actor's; decision 051). */
    'user.password_reset_requested',
    /** The person set a new password with a reset link; every session of theirs ended (`data: { sessionsEnded: true }`). */
    'user.password_reset',
  ],
  user_import: [
    'user_import.started',
    'user_import.completed',
    'user_import.failed',
    'user_import.retried',
    'user_import.removed',
    /** The file named e-mails of other organizations (`data: { rows, checked, withheld }`, decision 020). */
    'user_import.foreign_emails_found',
  ],
  scim: [
    'scim.user.created',
    'scim.user.updated',
    'scim.user.deactivated',
    'scim.user.reactivated',
    'scim.user.deleted',
    'scim.group.created',
    'scim.group.updated',
    'scim.group.deleted',
    'scim.token.created',
    'scim.token.rolled',
    'scim.token.revoked',
    /** The defaults provisioning gives a new user (role, workspaces, invitations). */
    'scim.settings.changed',
    /** The identity provider may (or may no longer) change Organizational Admins: `data: { before, after }`. */
    'scim.manages_admins.changed',
  ],
  organization: [
    'organization.created',
    'organization.updated',
    'organization.disabled',
    'organization.client_key.set',
    /** `data: { key, before, after }`. */
    'organization.setting.changed',
    'organization.manager.added',
    'organization.manager.invitation_sent',
  ],
  analytics_report: ['analytics_report.requested', 'analytics_report.generated', 'analytics_report.downloaded'],
  workflow_import: ['workflow_import.scheduled'],
} as const;

/**
 * The reads that are recorded: a download of people's data is accountable, so the GET that
 * sends a report records it. Nothing else of the database changes on a read.
 */
export const eventsRecordedByReads: readonly EventAction[] = ['analytics_report.downloaded'];

export type EventArea = keyof typeof eventActionsByArea;
export const eventAreas = Object.keys(eventActionsByArea) as EventArea[];
export type EventAction = (typeof eventActionsByArea)[EventArea][number];
export const eventActions = Object.values(eventActionsByArea).flat() as EventAction[];
export const eventAction = z.enum(eventActions as [EventAction, ...EventAction[]]);

/** The area of an action (its group in the trail's filter). */
export function eventAreaOf(action: EventAction): EventArea {
  return eventAreas.find((area) => (eventActionsByArea[area] as readonly string[]).includes(action)) as EventArea;
}

/** Who acted: a person (signed in, or by an access key's id token), an access key, a SCIM token, or the console itself. */
export const eventActorTypes = ['user', 'access_key', 'scim_token', 'system'] as const;
export type EventActorType = (typeof eventActorTypes)[number];

/** The kinds of thing an event names. */
export const eventTargetTypes = [
  'user',
  'organization',
  'access_key',
  'session',
  'user_import',
  'scim_token',
  'scim_group',
  'analytics_report',
  'workflow_import',
] as const;
export type EventTargetType = (typeof eventTargetTypes)[number];

export const eventActor = z.object({
  type: z.enum(eventActorTypes),
  id: z.uuid().nullable().describe('The user, access key or SCIM token; null for the system'),
  name: z.string().describe('Its readable name when the event happened'),
  ip: z.string().optional().describe('The caller’s address, when there was a request'),
  userAgent: z.string().optional(),
});
export type EventActor = z.infer<typeof eventActor>;

export const eventTarget = z.object({
  type: z.enum(eventTargetTypes),
  id: z.string(),
  name: z.string().describe('Its readable name when the event happened'),
});
export type EventTarget = z.infer<typeof eventTarget>;

/** What changed: before and after for settings, counts for a bulk write. */
export const eventData = z.record(z.string(), z.unknown());
export type EventData = z.infer<typeof eventData>;

/** One event, as the trail, the events API and the webhooks show it. */
export const eventView = z.object({
  id: z.uuid().describe('Time-ordered: a later event has a greater id'),
  action: eventAction,
  occurredAt: z.string().describe('ISO 8601'),
  organizationId: z.uuid().nullable(),
  actor: eventActor,
  targets: z.array(eventTarget),
  data: eventData,
});
export type EventView = z.infer<typeof eventView>;
