/**
 * The one schema of the console, for PGlite and PostgreSQL alike (PostgreSQL 15 features
 * only), one file per module under schema/ (drizzle-kit reads that folder: drizzle.config.ts).
 * Every foreign key has an index: the screens filter and join on all of them. Code imports
 * the tables from here.
 */
export * from './schema/access-keys.js';
export * from './schema/analytics.js';
export * from './schema/auth.js';
export * from './schema/domains.js';
export * from './schema/events.js';
export * from './schema/external-api.js';
export * from './schema/organization-managers.js';
export * from './schema/organizations.js';
export * from './schema/provisioning.js';
export * from './schema/rate-limits.js';
export * from './schema/request-log.js';
export * from './schema/saml.js';
export * from './schema/sso-connections.js';
export * from './schema/user-imports.js';
export * from './schema/users.js';
export * from './schema/webhooks.js';
export * from './schema/workflow-imports.js';
