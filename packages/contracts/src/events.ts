/**
 * The one stream of events (docs/product.md, "Events"; docs/decisions/045-events.md): every
 * change a person, an access key, a SCIM token or the system makes is one event, recorded in
 * the change's own transaction. The actions are ONE typed list, grouped by area; the audit
 * trail, its export, the events API and the webhooks all show an event as `eventView` says.
 */
import { z } from 'zod';
import { route } from './route.js';
import { text } from './text.js';

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
  access_key: [
    'access_key.created',
    'access_key.updated',
    /** An Organizational Admin changed what the key may do in the external API (`data: { before, after }`: `full` or `{ area: level }`). */
    'access_key.permissions_changed',
    /** An Organizational Admin let the key act on its own, without a person's idToken, or stopped it (`data: { before, after }`: booleans). */
    'access_key.acts_alone_changed',
    'access_key.rolled',
    'access_key.deleted',
  ],
  user: [
    'user.created',
    'user.updated',
    'user.disabled',
    /** A person accepted their invitation: set a password and signed in. */
    'user.invitation_accepted',
    /** An Organizational Admin sent (or sent again) a person's invitation from People or the API (`data: { previousState }`: the invitation's state before). */
    'user.invitation_sent',
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
    /** The admin confirmed an import that waited at its summary (`data`: the summary's counts). */
    'user_import.confirmed',
    /** The admin stopped a running import between two batches (`data`: what it had applied). */
    'user_import.stopped',
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
    /** The target names a token as its admin called it ("Okta production"); a roll's new token keeps the rolled one's name. */
    'scim.token.created',
    'scim.token.rolled',
    /** `data: { before: { name }, after: { name } }`. */
    'scim.token.renamed',
    'scim.token.revoked',
    /** The defaults provisioning gives a new user (role, workspaces, invitations). */
    'scim.settings.changed',
    /** The identity provider may (or may no longer) change Organizational Admins: `data: { before, after }`. */
    'scim.manages_admins.changed',
  ],
  organization: [
    /** `data: { planType, clientKey, firstAdminAccess }`: `password` (staff typed it) or `invite` (the first admin was invited). */
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
  workflow_import: [
    'workflow_import.scheduled',
    /** Every workflow was copied (`data: { copied, failed }`). */
    'workflow_import.completed',
    /** The import ended with workflows that could not be copied (`data: { copied, failed }`). */
    'workflow_import.failed',
  ],
  /** The trail itself was exported (`data: { format, filter }`: what was downloaded; the staff's too, on the organization's trail). */
  audit_trail: ['audit_trail.exported'],
  /** An endpoint of the organization's webhooks; its secret never appears in `data`. */
  webhook: [
    'webhook.created',
    /** `data: { before, after }` of the fields that changed (url, description, eventTypes, enabled). */
    'webhook.updated',
    'webhook.deleted',
    /** A new signing secret; the previous one signs too until `data.previousSecretExpiresAt`. */
    'webhook.secret_rolled',
    /** The console disabled the endpoint after every attempt failed for days (`data: { failingSince, days }`); its admins were e-mailed. */
    'webhook.disabled',
  ],
  /** An e-mail domain the organization claims for single sign-on (decision 064). */
  domain: [
    'domain.claimed',
    /** The TXT record was found (`data.verifiedBy: 'dns'`; the job's look is the system's), or staff verified it by hand (`'staff'`). */
    'domain.verified',
    /** "Verify now" did not find the record (`data: { error, recordName }`); the job's looks are not recorded. */
    'domain.verification_failed',
    'domain.removed',
  ],
  /** A single sign-on connection of the organization; its client secret never appears in `data`. */
  sso_connection: [
    'sso_connection.created',
    /** `data: { before, after }` of the fields that changed (name, issuer, clientId, enabled, jit, jitRole, groupRoles). */
    'sso_connection.updated',
    'sso_connection.deleted',
    /** The client secret was replaced (`data.secretLast4`: the new one's last four characters). */
    'sso_connection.secret_rotated',
    /**
     * The system refused a sign-in through the connection (`data: { reasonCode, reason }`, the
     * refusal the connection keeps; `test: true` for an admin's Test connection): never a secret,
     * a token or an assertion. At most SSO_REFUSAL_EVENTS_PER_HOUR a connection each hour; the
     * last of them says until when later refusals are kept only in the connection's list
     * (`data.eventsPausedUntil`, decision 062).
     */
    'sso_connection.sign_in_refused',
    /**
     * A SAML signing certificate the connection trusts expires soon: recorded by the system's
     * daily look once per certificate at 30 days and again at 7, when its organization's admins
     * are e-mailed (`data: { fingerprint, notAfter, daysLeft }`: SHA-256, ISO 8601, whole days).
     */
    'sso_connection.certificate_expiring',
  ],
} as const;

/**
 * The reads that are recorded: a download of people's data is accountable, so the GET that
 * sends a report, or the audit trail's export, records it. Nothing else of the database changes on a read.
 */
export const eventsRecordedByReads: readonly EventAction[] = ['analytics_report.downloaded', 'audit_trail.exported'];

/**
 * The events that tell of a refusal: a sign-in refused or locked out (by password or through
 * a single sign-on connection), a write that named an e-mail of another organization. A refused call records one of these or nothing.
 */
export const eventsRecordedByRefusals: readonly EventAction[] = [
  'session.sign_in_failed',
  'session.locked_out',
  'user.foreign_email_refused',
  'sso_connection.sign_in_refused',
];

export type EventArea = keyof typeof eventActionsByArea;
export const eventAreas = Object.keys(eventActionsByArea) as EventArea[];
export type EventAction = (typeof eventActionsByArea)[EventArea][number];
export const eventActions = Object.values(eventActionsByArea).flat() as EventAction[];
export const eventAction = z.enum(eventActions as [EventAction, ...EventAction[]]);

/** The area of an action (its group in the trail's filter). */
export function eventAreaOf(action: EventAction): EventArea {
  return eventAreas.find((area) => (eventActionsByArea[area] as readonly string[]).includes(action)) as EventArea;
}

/**
 * Who acted: a person (signed in, or by an access key's id token), an access key, a SCIM token,
 * the console itself, or the provider's staff from the Super area. A customer sees staff as
 * `staffAsCustomersSeeThem`, never who they are or where they called from (decision 059).
 */
export const eventActorTypes = ['user', 'access_key', 'scim_token', 'system', 'staff'] as const;
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
  'webhook',
  'domain',
  'sso_connection',
] as const;
export type EventTargetType = (typeof eventTargetTypes)[number];

export const eventActor = z.object({
  type: z.enum(eventActorTypes),
  id: z
    .uuid()
    .nullable()
    .describe(
      'The user, access key or SCIM token; null for the system and for the provider’s staff (an organization sees no more of them than the type)',
    ),
  name: z.string().describe('Its readable name when the event happened'),
  ip: z.string().optional().describe('The caller’s address, when there was a request'),
  userAgent: z.string().optional(),
});
export type EventActor = z.infer<typeof eventActor>;

/** The provider's staff as an organization's trail, its export, the events API and its webhooks show them: no id, name, address or browser. */
export const staffAsCustomersSeeThem: EventActor = { type: 'staff', id: null, name: 'staff' };

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

/*
 * The audit trail (docs/product.md, "Audit trail"): an organization's events, newest first,
 * for its Organizational Admins (`/events`) and for staff on the organization's page
 * (`/organization/:id/events`, read-only staff included). Paged by a keyset, not by page
 * numbers: an organization may hold ten million events, and `after` (the `next` of the
 * previous page, opaque) starts the next page where the last ended, however deep.
 */
export const EVENTS_PAGE_SIZE = 50;
export const EVENTS_PAGE_MAX = 200;
export const EVENTS_SEARCH_MAX = 100;
export const EVENTS_CURSOR_MAX = 200;

/** A comma-separated list of actions (the filter's chosen actions; an area chooses all of its own). */
export const eventActionList = text()
  .max(4000)
  .transform((value, ctx) => {
    const names = value
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    for (const name of names) {
      if (!(eventActions as string[]).includes(name)) {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
    }
    return names as EventAction[];
  });

/** The trail's filters, shared by its page, its export and (with `order`) the events API. */
export const eventsFilter = z.object({
  actions: eventActionList.optional().describe('Only these actions, comma-separated'),
  actorId: z.uuid().optional().describe('Only what this user, access key or SCIM token did'),
  targetId: text().max(100).optional().describe('Only events that name this thing (a user, key, import… by its id)'),
  q: text()
    .trim()
    .max(EVENTS_SEARCH_MAX, 'tooLong')
    .optional()
    .describe('Words in a target’s name as it was when the event happened, compared without case'),
  from: z.iso.datetime({ offset: true }).optional().describe('Events at or after this instant (ISO 8601)'),
  to: z.iso.datetime({ offset: true }).optional().describe('Events before this instant (ISO 8601)'),
});
export type EventsFilter = z.input<typeof eventsFilter>;

export const eventsQuery = eventsFilter.extend({
  after: text()
    .max(EVENTS_CURSOR_MAX)
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid')
    .optional()
    .describe('Where the page starts: the `next` of the previous page'),
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(EVENTS_PAGE_SIZE).describe('Events per page'),
});
export type EventsQuery = z.input<typeof eventsQuery>;

export const eventsPage = z.object({
  events: z.array(eventView).describe('Newest first'),
  next: z.string().nullable().describe('The `after` of the next page; null on the last page'),
});
export type EventsPage = z.infer<typeof eventsPage>;

/** The export's formats: CSV (formula-safe, as the analytics export) or JSON lines (one `eventView` a line). */
export const eventsExportFormats = ['csv', 'jsonl'] as const;
export const eventsExportQuery = eventsFilter.extend({
  format: z.enum(eventsExportFormats).default('csv'),
});

export const eventsErrorCodes = {
  cursorInvalid: 'EVENTS_CURSOR_INVALID',
} as const;

const trailParams = z.object({ id: z.uuid() });

/** The trail's calls: an Organizational Admin's own organization, and staff's view of any organization. */
export const eventRoutes = {
  list: route({ method: 'GET', path: '/events', operationId: 'listEvents', query: eventsQuery, response: eventsPage }),
  export: route({ method: 'GET', path: '/events/export', operationId: 'exportEvents', query: eventsExportQuery }),
  listForOrganization: route({
    method: 'GET',
    path: '/organization/:id/events',
    operationId: 'listOrganizationEvents',
    params: trailParams,
    query: eventsQuery,
    response: eventsPage,
  }),
  exportForOrganization: route({
    method: 'GET',
    path: '/organization/:id/events/export',
    operationId: 'exportOrganizationEvents',
    params: trailParams,
    query: eventsExportQuery,
  }),
};
