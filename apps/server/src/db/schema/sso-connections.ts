/** Single sign-on connections (modules/sso-connections): each organization's own identity providers and their refused sign-ins. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

/** A trusted signing certificate of a SAML identity provider, named by its SHA-256 fingerprint. */
export interface StoredSamlCertificate {
  pem: string;
  fingerprint: string;
  subject: string;
  notBefore: string;
  notAfter: string;
  /** `metadata`: replaced when the metadata is read again; `manual`: kept until removed. */
  source: 'metadata' | 'manual';
}

/**
 * An organization's connections (docs/decisions/062-sso-connections-per-organization.md):
 * the sso-connections module is their one writer. The OIDC client secret is kept as it is,
 * as webhook signing secrets are (the console authenticates to the provider with it, so a
 * hash cannot serve): shown never again, never logged and never in an event. Every
 * timestamp is written from the service's clock (decision 044), none by a default.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** oidc | saml */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull(),
    /** OpenID Connect: the issuer, the client id and its secret; null for SAML. */
    issuer: text('issuer'),
    clientId: text('client_id'),
    clientSecret: text('client_secret'),
    /**
     * SAML (modules/sso-connections/saml/, decision 063): the identity provider's entity ID and
     * HTTP-Redirect sign-in address, read from its metadata; null until its metadata is given.
     */
    samlIdpEntityId: text('saml_idp_entity_id'),
    samlSsoUrl: text('saml_sso_url'),
    /** The certificates it may sign with (several during a rollover), from its metadata or added by hand. */
    samlCertificates: jsonb('saml_certificates').$type<StoredSamlCertificate[]>().notNull().default([]),
    /** Where its metadata is read again every day; null when it was uploaded. */
    samlMetadataUrl: text('saml_metadata_url'),
    /** When the metadata was last read well (uploaded or fetched). */
    samlMetadataAt: ts('saml_metadata_at'),
    /** The last failed daily read (the last good copy is kept): when, and why in words. */
    samlMetadataFailedAt: ts('saml_metadata_failed_at'),
    samlMetadataError: text('saml_metadata_error'),
    /** The identity provider asks for signed AuthnRequests, which this service provider does not send. */
    samlWantsSignedRequests: boolean('saml_wants_signed_requests').notNull().default(false),
    /** A response the identity provider sends unasked starts a fresh round trip instead of being refused. */
    samlIdpInitiated: boolean('saml_idp_initiated').notNull().default(false),
    /** First arrival: an unknown person the connection vouches for is created. */
    jit: boolean('jit').notNull(),
    /** workspace_admin | publisher | viewer: never org_admin. */
    jitRole: text('jit_role').notNull(),
    /** `[{ group, role }]`: the first group of the person's that matches gives its role at first arrival. */
    groupRoles: jsonb('group_roles').$type<{ group: string; role: string }[]>().notNull(),
    /**
     * When someone last signed in through it (a session opened; a test opens none): a connection
     * that never did has not shown it can, and "SSO login only" needs one that has (decision 062).
     */
    lastSignInAt: ts('last_sign_in_at'),
    /** What the last "Test connection" saw (claims, mapped profile, or the refusal). */
    lastTest: jsonb('last_test').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('sso_connections_org_idx').on(t.organizationId, t.createdAt), index('sso_connections_created_by_idx').on(t.createdBy)],
);

/** The last refused sign-ins of each connection (SSO_REFUSALS_KEPT, trimmed on insert): what an IT admin reads to fix it. */
export const ssoConnectionRefusals = pgTable(
  'sso_connection_refusals',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    reasonCode: text('reason_code').notNull(),
    /** In words, without secrets or whole tokens. */
    reason: text('reason').notNull(),
  },
  (t) => [index('sso_connection_refusals_connection_idx').on(t.connectionId, t.at)],
);
