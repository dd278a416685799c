/**
 * What every connection's answer comes to, OpenID Connect's callback and SAML's ACS alike, so
 * the two kinds decide the same way (decision 062): the round trip taken back (this browser
 * started it, it is fresh, it is this connection's), then who the connection may sign in
 * (admission.ts), first arrival, and the session; or, for "Test connection", what arrived kept
 * on the connection. Each refusal is kept on the connection (its last SSO_REFUSALS_KEPT), in
 * words and without secrets or tokens, and is an event of the audit trail (a bounded number an hour).
 */
import { SSO_REFUSAL_EVENTS_PER_HOUR } from '@console/contracts';
import type { Db } from '../../db/client.js';
import type { RateLimitHitsRepository } from '../../db/rate-limit-hits.repository.js';
import type { Clock } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import type { AuthService, DeviceDetails } from '../auth/auth.service.js';
import { type beginRoundTrip, type PendingRoundTrip, RoundTripRefused, takeRoundTrip } from '../auth/round-trip.js';
import { recordEvent, systemActor } from '../events/record.js';
import type { NewUser, UsersService } from '../users/users.service.js';
import { type Admission, ConnectionRefusal, type ConnectionRules, type createAdmission } from './admission.js';
import type { SsoConnectionRow, SsoConnectionsRepository } from './sso-connections.repository.js';
import { recordConnectionEvent } from './sso-connections.service.js';

/** The window in which at most SSO_REFUSAL_EVENTS_PER_HOUR refusals of a connection are recorded as events. */
export const REFUSAL_EVENTS_WINDOW_MS = 60 * 60_000;
/** A refusal's words, kept and recorded: at most this long. */
const REFUSAL_REASON_MAX = 500;

/** What an answer brought so far: the round trip it finished, then the claims of who the provider vouches for. */
export interface Seen {
  pending?: PendingRoundTrip;
  claims?: Record<string, unknown>;
}

export type Finished =
  | { outcome: 'tested'; connectionId: string }
  | { outcome: 'refused'; code: 'SSO_FAILED' | 'USER_NOT_FOUND' | 'NOT_AUTHORIZED' | 'APP_ACCOUNT' }
  | { outcome: 'signed_in'; session: Awaited<ReturnType<AuthService['startSession']>>; redirectPath: string };

const rulesOf = (c: SsoConnectionRow): ConnectionRules => ({
  id: c.id,
  organizationId: c.organizationId,
  jit: c.jit,
  jitRole: c.jitRole,
  groupRoles: c.groupRoles,
});

/** Claims to keep in a test's result: what the provider said, without tokens or hashes of them. */
const shownClaims = (claims: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(claims).filter(([k]) => !['at_hash', 'c_hash', 'sid', 'nonce'].includes(k)));

export function createSignInConclusion(deps: {
  db: Db;
  repo: SsoConnectionsRepository;
  /** The round trips in flight (the auth module's sso_login_states). */
  states: Parameters<typeof beginRoundTrip>[0]['repo'];
  admit: ReturnType<typeof createAdmission>;
  users: Pick<UsersService, 'create' | 'recordSignIn'>;
  auth: Pick<AuthService, 'startSession'>;
  /** The shared fixed-window counters (rate_limit_hits): the refusals recorded as events, per connection. */
  counters: Pick<RateLimitHitsRepository, 'count'>;
  clock: Clock;
}) {
  const { repo, states, clock } = deps;

  /**
   * A refused sign-in, kept on the connection (its newest SSO_REFUSALS_KEPT) and, in the same
   * transaction, the system's event naming the connection, so webhooks carry it: its code and
   * words only, the words an admin reads in the list. At most SSO_REFUSAL_EVENTS_PER_HOUR events
   * a connection an hour (the shared counters, counted in the transaction too); the last says
   * until when, and later refusals are kept on the connection only.
   */
  async function refuse(
    connection: Pick<SsoConnectionRow, 'id' | 'organizationId' | 'name'>,
    refusal: ConnectionRefusal,
    context: { device?: DeviceDetails; test?: boolean } = {},
  ) {
    const at = clock.now();
    const reason = refusal.message.slice(0, REFUSAL_REASON_MAX);
    await deps.db.transaction(async (tx) => {
      await repo.insertRefusal({ connectionId: connection.id, at, reasonCode: refusal.reason, reason }, tx);
      const window = await deps.counters.count(`sso-refusal-events:${connection.id}`, 1, REFUSAL_EVENTS_WINDOW_MS, at, tx);
      if (window.hits > SSO_REFUSAL_EVENTS_PER_HOUR) return;
      const { ip, userAgent } = context.device ?? {};
      await recordConnectionEvent(
        tx,
        connection.organizationId,
        { ...systemActor, ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}) },
        'sso_connection.sign_in_refused',
        connection,
        {
          reasonCode: refusal.reason,
          reason,
          ...(context.test ? { test: true } : {}),
          ...(window.hits === SSO_REFUSAL_EVENTS_PER_HOUR ? { eventsPausedUntil: window.resetAt.toISOString() } : {}),
        },
      );
    });
  }

  /** Takes the round trip this answer names, when this browser started it; a disabled connection finishes only tests. */
  async function takeFor(connection: SsoConnectionRow, answer: URL, cookieState: string | undefined): Promise<PendingRoundTrip> {
    let taken: Awaited<ReturnType<typeof takeRoundTrip>>;
    try {
      taken = await takeRoundTrip({ repo: states, clock }, answer, cookieState, (p) => p.connectionId === connection.id);
    } catch (err) {
      if (err instanceof RoundTripRefused) throw new ConnectionRefusal(err.reason, err.message);
      throw err;
    }
    if (!connection.enabled && !taken.pending.testBy) throw new ConnectionRefusal('connection_disabled', 'The connection is disabled.');
    return taken.pending;
  }

  /**
   * What every connection's answer comes to, OpenID Connect's callback and SAML's ACS alike:
   * `read` takes the round trip and reads who the provider vouches for (throwing a
   * ConnectionRefusal when it refuses); then who the connection may sign in (admission), and
   * a session (the person made first at first arrival), or, for a test, what arrived kept on
   * the connection. A refusal is kept on the connection and answered.
   */
  async function conclude(connection: SsoConnectionRow, device: DeviceDetails, read: (seen: Seen) => Promise<void>): Promise<Finished> {
    const seen: Seen = {};
    let admission: Admission;
    try {
      await read(seen);
      admission = await deps.admit(rulesOf(connection), seen.claims ?? {});
    } catch (err) {
      if (!(err instanceof ConnectionRefusal)) throw err;
      await refuse(connection, err, { device, test: Boolean(seen.pending?.testBy) });
      if (seen.pending?.testBy) {
        await saveTest(connection.id, {
          outcome: 'refused',
          reasonCode: err.reason,
          reason: err.message,
          claims: seen.claims,
          profile: null,
        });
        return { outcome: 'tested', connectionId: connection.id };
      }
      const code = err.reason === 'unknown_person' || err.reason === 'domain_not_verified' ? 'USER_NOT_FOUND' : 'SSO_FAILED';
      return { outcome: 'refused', code };
    }
    const { pending, claims = {} } = seen as Required<Seen>;
    if (pending.testBy) {
      const profile = { ...admission.profile, existing: admission.kind === 'existing' };
      await saveTest(connection.id, { outcome: 'passed', reasonCode: null, reason: null, claims, profile });
      return { outcome: 'tested', connectionId: connection.id };
    }
    const principal = admission.kind === 'existing' ? admission.principal : await create(connection, admission.user, claims);
    if (!principal) return { outcome: 'refused', code: 'SSO_FAILED' };
    try {
      const session = await deps.auth.startSession(principal, 'oidc', device);
      const now = clock.now();
      await deps.users.recordSignIn(principal.userId, now);
      // The connection has shown it signs people in: what "SSO login only" asks of one (decision 062).
      await repo.recordSignIn(connection.id, now);
      return { outcome: 'signed_in', session, redirectPath: pending.redirectPath };
    } catch (err) {
      // A person of the platform's app is told so on the error page (APP_ACCOUNT), as the console's own single sign-on does.
      if (!(err instanceof AppError) || (err.code !== 'NOT_AUTHORIZED' && err.code !== 'APP_ACCOUNT')) throw err;
      await refuse(
        connection,
        new ConnectionRefusal(
          principal.userDisabledAt ? 'disabled_person' : 'not_console_role',
          principal.userDisabledAt
            ? `${principal.email} is deactivated in the console.`
            : `${principal.email} signed in at the identity provider; their role does not use this console, only the platform's app.`,
        ),
        { device },
      );
      return { outcome: 'refused', code: err.code as 'NOT_AUTHORIZED' | 'APP_ACCOUNT' };
    }
  }

  /** What a test saw, kept on the connection (claims without tokens or hashes of them). */
  async function saveTest(
    id: string,
    test: {
      outcome: 'passed' | 'refused';
      reasonCode: string | null;
      reason: string | null;
      claims?: Record<string, unknown>;
      profile: Record<string, unknown> | null;
    },
  ) {
    await repo.saveTest(id, { at: clock.now().toISOString(), ...test, claims: test.claims ? shownClaims(test.claims) : null });
  }

  /** First arrival: the person made in the connection's organization (the system's event, named for the connection), then read as sign-in reads them. */
  async function create(connection: SsoConnectionRow, user: NewUser, claims: Record<string, unknown>) {
    await deps.db.transaction(async (tx) => {
      const id = await deps.users.create({ ...user, signInProvider: 'oidc' }, tx);
      await recordEvent(tx, {
        action: 'user.created',
        organizationId: user.organizationId,
        actor: { ...systemActor, name: connection.name },
        targets: [{ type: 'user', id, name: user.displayName }],
        data: { via: 'sso_connection', connectionId: connection.id, role: user.role },
      });
    });
    const again = await deps.admit(rulesOf(connection), claims);
    return again.kind === 'existing' ? again.principal : undefined;
  }

  return { takeFor, conclude, refuse };
}

export type SignInConclusion = ReturnType<typeof createSignInConclusion>;
