/**
 * The server's whole configuration: one zod schema over process.env. A wrong value stops
 * the start with a message naming the variable (see README, "Configuration").
 */
import path from 'node:path';
import { API_BASE_PATH_PATTERN, DEFAULT_API_BASE_PATH } from '@console/contracts';
import { EVENT_RETENTION_DAYS } from '@console/contracts/organizations';
import { z } from 'zod';
import { parseS3Url } from './storage/s3-url.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const SOURCE_ENV_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

/** Names of source environments (lowercase) to database URLs; "default" is reserved for our own. Answers the problems. */
function sourceEnvProblems(value: unknown): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return ['must be a JSON object of environment name to postgres:// URL'];
  const problems: string[] = [];
  for (const [name, url] of Object.entries(value)) {
    if (name === 'default') problems.push('"default" is this installation and cannot be configured');
    else if (!SOURCE_ENV_NAME.test(name)) problems.push(`${name}: names are lowercase letters, digits, - and _ (at most 40)`);
    if (typeof url !== 'string' || !/^postgres(ql)?:\/\//.test(url)) problems.push(`${name}: must be a postgres:// URL`);
  }
  return problems;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where browsers reach the console; builds absolute links (e-mails, SSO returns). Default: http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  API_BASE_PATH: z.string().regex(API_BASE_PATH_PATTERN, 'must start with / and not end with /').default(DEFAULT_API_BASE_PATH),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL server; when unset the embedded PGlite database in DATA_DIR/db is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Where files live (uploaded imports, reports, videos, the outbox): unset, the folder
   * DATA_DIR/blobs of this machine; `s3://bucket/prefix`, an S3-compatible bucket shared by
   * every process (credentials from the AWS SDK's usual sources: AWS_ACCESS_KEY_ID…).
   */
  BLOB_STORE_URL: z
    .string()
    .optional()
    .transform((url, ctx) => {
      if (url === undefined || url === '') return undefined;
      const parsed = parseS3Url(url);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** An S3-compatible endpoint (MinIO, R2, s3rver): `https://minio.internal:9000`; unset: AWS S3. */
  S3_ENDPOINT: z.url().optional(),
  /** Path-style requests (`endpoint/bucket/key`); default: yes with S3_ENDPOINT (MinIO), no on AWS. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** The bucket's region (R2: `auto`). */
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /**
   * The embedded database (one connection) serves requests in order of arrival; a request
   * that would join a line of this many is refused at once with 503 and Retry-After
   * (docs/decisions/035-embedded-database-queue.md). Not used with DATABASE_URL.
   */
  DATABASE_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
  /** ...and so is one that would wait longer than this for its first statement (refused before any of it runs). */
  DATABASE_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(500),
  /** all: API and job workers; api: only HTTP; worker: only job workers. */
  PROCESS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PRODUCT_NAME: z.string().min(1).default('Workframe'),
  /**
   * The platform's app, where people whose role has no console access work: their
   * invitation activates their account and its last page sends them there. Unset: the page
   * names the app without an address.
   */
  PLATFORM_APP_URL: z.url().optional(),
  STAFF_EMAIL_DOMAIN: z.string().min(3).default('workframe.io'),
  /** Load the demo data set into an empty database; default: yes on the embedded database. */
  DEMO_DATA: bool.optional(),
  /** The built web app served with history fallback; empty to serve only the API. */
  WEB_DIST_DIR: z.string().default(''),
  /**
   * How many proxies in front of the server append to X-Forwarded-For (a CDN, then a load
   * balancer: 2): "true" is one, "false" none; the client is the address the outermost one saw.
   */
  TRUST_PROXY: z
    .union([
      bool,
      z
        .string()
        .regex(/^([2-9]|10)$/, 'true, false or a number of proxies up to 10')
        .transform(Number),
    ])
    .transform((v) => (v === true ? 1 : v === false ? 0 : v))
    .default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** The bearer token of GET /metrics (Prometheus); unset: /metrics answers 404 (decision 033). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * The keys that sign idTokens: a private JWK, a JWK set or PKCS#8 PEM blocks (EC P-256 or
   * Ed25519; the first signs). Unset: one key kept in DATA_DIR/keys. Replicas must share it.
   */
  ID_TOKEN_PRIVATE_KEYS: z.string().min(1).optional(),
  /** External API calls allowed per access key in each window (shared by every replica). */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * External API calls per source address, in the same window, whose access key is missing,
   * malformed, unknown or expired; a spent budget refuses the address's calls before any key
   * look-up (docs/decisions/020-brute-force-and-probing.md).
   */
  API_UNKNOWN_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  /** Access keys an organization may hold at once. */
  ACCESS_KEYS_PER_ORGANIZATION_MAX: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Webhook endpoints an organization may hold at once. */
  WEBHOOKS_PER_ORGANIZATION_MAX: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Webhooks may go to http:// URLs and to private, loopback and link-local addresses
   * (development and tests only): off, they go only to https:// on public addresses,
   * checked when an endpoint is saved and on the resolved address at each delivery.
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  /**
   * Organizations' single sign-on connections may name an issuer on this machine over http://
   * (development and tests only): off, an issuer must be https:// on a public address, checked
   * when a connection is saved and on the resolved address at each request to it.
   */
  SSO_CONNECTIONS_ALLOW_LOOPBACK: bool.default(false),
  /**
   * The DNS servers that domain verification asks (`1.1.1.1,8.8.8.8`, `127.0.0.1:5353`); by
   * default the system's. A company network's own resolver may answer with its internal view
   * of a domain (split-horizon DNS), where the TXT record an admin published is not seen.
   */
  DOMAIN_VERIFICATION_DNS_SERVERS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-fA-F.:[\]]+$/, 'DNS servers are IP addresses, each with an optional :port'))
        .min(1)
        .optional(),
    ),
  /** Google sign-in (OpenID Connect): on when the client id and secret are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's issuer; another one only to test against a provider of one's own. */
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  /** Microsoft sign-in: on when the client id, secret and tenant (id or domain) are set. */
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a tenant id or domain')
    .refine(
      (v) => !['common', 'organizations', 'consumers'].includes(v.toLowerCase()),
      'must name one tenant (multi-tenant issuers are not supported)',
    )
    .optional(),
  /** Any other OpenID Connect issuer (Okta, Keycloak, Entra…): on when all three are set. */
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** An SMTP server (smtp://user:pass@host:587, smtps://…); unset: messages go to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of e-mails; default: "PRODUCT_NAME <no-reply@host of PUBLIC_URL>". */
  MAIL_FROM: z.string().min(3).optional(),
  /** Requests per IP address to the sign-in routes (all together) in each window. */
  SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(100),
  SIGN_IN_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  /**
   * Failed passwords of one account from all sources together, in 15 minutes, that lock the
   * account itself (against guessing spread over many addresses); 10 from one address lock
   * only that address out of the account (docs/decisions/020-brute-force-and-probing.md).
   */
  SIGN_IN_ACCOUNT_FAILURES_MAX: z.coerce.number().int().min(10).default(100),
  /** Days that ended sessions and used or expired one-time tokens are kept before the housekeeping job deletes them. */
  HOUSEKEEPING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Days an event of no organization (a sign-in refused for an e-mail nobody has) is kept; an
   * organization's events are kept as its setting says (eventRetentionDays, 30 days to 7 years).
   */
  EVENTS_WITHOUT_ORGANIZATION_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(EVENT_RETENTION_DAYS.min)
    .max(EVENT_RETENTION_DAYS.max)
    .default(EVENT_RETENTION_DAYS.default),
  /** Largest CSV a user import accepts; a bigger upload is answered 413 before anything is stored. */
  USER_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(200 * 1024 * 1024),
  /** Rows per staging and apply batch; default 20000 on PostgreSQL, 2000 on the embedded database (whose apply batches take at most 250; db/profile.ts). */
  USER_IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).optional(),
  /** Pause between apply batches, so that other work gets the (embedded) database in between. */
  USER_IMPORT_BATCH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** A worker that stops renewing its hold on an import for this long is taken over. */
  USER_IMPORT_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /**
   * Rows naming an e-mail of another organization that user imports list per organization
   * in a day; beyond it they are reported as one error without rows
   * (docs/decisions/020-brute-force-and-probing.md).
   */
  USER_IMPORT_FOREIGN_EMAILS_PER_DAY: z.coerce.number().int().min(0).default(100),
  /**
   * Days the uploaded CSV of an ended user import is kept while Retry may read it again
   * (validation errors, a run that stopped half way); then it is deleted. See decision 019.
   */
  USER_IMPORT_FILE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Invitation e-mails of user imports sent per second, per worker process. */
  USER_IMPORT_INVITATIONS_PER_SECOND: z.coerce.number().min(0.01).max(1000).default(5),
  /**
   * Signs the short-lived download URLs of analytics reports (HMAC-SHA256), at least 32
   * characters. Unset: a random secret kept in DATA_DIR/keys. Replicas must share it.
   */
  DOWNLOAD_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long an analytics report's download URL works after the list was read. */
  ANALYTICS_DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** Days analytics reports are kept; older files are deleted by the daily generation. */
  ANALYTICS_REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Other environments of the platform that workflow imports may read from (never write):
   * a JSON object of name to PostgreSQL URL. "default" is always this installation's own database.
   */
  WORKFLOW_SOURCE_ENVS: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const problems = sourceEnvProblems(parsed);
      for (const message of problems) ctx.addIssue({ code: 'custom', message });
      return problems.length > 0 ? z.NEVER : (parsed as Record<string, string>);
    }),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'DEMO_DATA'> & {
  PUBLIC_URL: string;
  /** DEMO_DATA, else yes on the embedded database (a deployment's default, not the database's). */
  DEMO_DATA: boolean;
  /** Absolute data directory. */
  dataDir: string;
  /** Absolute directory of the embedded database. */
  dbDir: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  // Unset, the links point where this process listens: a server started on another PORT
  // printed, and e-mailed, links to :3000.
  const publicUrl = parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`;
  const demoData = parsed.data.DEMO_DATA ?? !parsed.data.DATABASE_URL;
  return { ...parsed.data, PUBLIC_URL: publicUrl, DEMO_DATA: demoData, dataDir, dbDir: path.join(dataDir, 'db') };
}

/** A configuration for tests: defaults plus overrides, no process.env. */
export function testConfig(overrides: Partial<Record<keyof z.input<typeof envSchema>, string>> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...overrides });
}
