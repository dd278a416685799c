/** Sign-in (modules/auth): sessions, one-time tokens (invitations, password resets) and the SSO sign-ins under way. */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedNow, ts } from './columns.js';
import { ssoConnections } from './sso-connections.js';
import { userIdColumn, users } from './users.js';

/** Browser sessions: the id-token cookie references one row; revoking it signs out. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    /** How this session was signed in (password, google, custom...): the staff rule depends on it. */
    signInProvider: text('sign_in_provider').notNull().default('password'),
    deviceInfo: jsonb('device_info'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastActivityAt: stampedNow('last_activity_at'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Why it was revoked (contracts' sessionEndReasons), told to the person when the session is next used; null: signed out elsewhere. */
    revokedReason: text('revoked_reason'),
    /** The `jti` of the idToken this session was opened with: each idToken opens one session only. */
    idTokenJti: text('id_token_jti').unique(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use tokens sent to a person: invitations (14 days, set a password) and custom
 * sign-in links (15 minutes). Only the hash is stored.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: userIdColumn(),
    /** invitation | sign_in_link | password_reset */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    expiresAt: ts('expires_at').notNull(),
    /** When it stopped working: used, or replaced by a newer one of its kind (then also replaced_at). */
    usedAt: ts('used_at'),
    /** A newer token of the kind was issued for the user: its page says so rather than "used". */
    replacedAt: ts('replaced_at'),
    sentAt: ts('sent_at'),
    sendError: text('send_error'),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId), index('user_tokens_created_by_idx').on(t.createdBy)],
);

/**
 * A single sign-on round trip in flight: the PKCE verifier and nonce for the state the
 * provider returns, so any replica can finish what another started. Deleted when used.
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectPath: text('redirect_path').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** A round trip through an organization's connection (provider 'connection'); null for the console's own providers. */
    connectionId: uuid('connection_id').references(() => ssoConnections.id, { onDelete: 'cascade' }),
    /** "Test connection": the admin who started it; the callback makes no session and keeps what arrived. */
    testBy: uuid('test_by').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('sso_login_states_expires_idx').on(t.expiresAt),
    index('sso_login_states_connection_idx').on(t.connectionId),
    index('sso_login_states_test_by_idx').on(t.testBy),
  ],
);
