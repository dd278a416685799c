/**
 * The server process: read config, open and migrate the database, load demo data into an
 * empty embedded database, then serve HTTP and/or run job workers (PROCESS_ROLE).
 */
import './disable-proto.js';
import path from 'node:path';
import pino from 'pino';
import { buildApp, buildProbeApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { serveBackups } from './db/backup.js';
import { startChangeFeed } from './db/change-feed.js';
import { type DemoSummary, demoSignInDetails, isDatabaseEmpty, loadDemoData } from './db/demo-data/seed.js';
import { DirectoryLockedError } from './db/lock.js';
import { migrateDatabase, vacuumTablesWithoutVisibilityMap } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { type AppDeps, systemClock } from './deps.js';
import { logOptions } from './http/log-redaction.js';
import { type AllJobs, jobDefinitions } from './jobs/index.js';
import { createJobs } from './jobs/queue.js';
import { createMailer } from './mail/mailer.js';
import { createIdTokens, type IdTokens } from './modules/auth/id-token.js';
import { createSignInLink } from './modules/auth/sign-in-links.service.js';
import { createServices } from './registry.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { ownerOnlyUmask } from './storage/owner-only.js';

async function main() {
  const startedAt = performance.now();
  // Every file this process makes without a mode of its own is the owner's only (storage/owner-only.ts).
  ownerOnlyUmask();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL, ...logOptions });

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DirectoryLockedError) {
      console.error(err.message);
      process.exit(75); // EX_TEMPFAIL
    }
    console.error((err as Error).message);
    process.exit(1);
  }
  const indexSteps = await migrateDatabase(database);
  if (indexSteps.length > 0) log.info({ indexSteps }, 'changed the indexes the migrations left to after them');
  vacuumTablesWithoutVisibilityMap(database).then(
    (tables) => tables.length && log.info({ tables }, 'vacuumed the tables a migration rewrote'),
    (err) => log.warn({ err }, 'could not vacuum the tables a migration rewrote'),
  );
  // The console CLI's backups of the embedded database go through this process, which holds it (db/backup.ts).
  const backups = database.pglite ? await serveBackups(database, config.dataDir, log) : undefined;

  // The folder DATA_DIR/blobs, or the S3 bucket of BLOB_STORE_URL that every process shares.
  const blobs = await createBlobStore(config);
  try {
    await blobs.checkReachable();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(78); // EX_CONFIG
  }
  // Replicas and workers share a PostgreSQL database: what one keeps in its own DATA_DIR, the others cannot see.
  const replicas = database.profile.sharedByProcesses;
  if (blobs.kind === 'folder' && replicas) {
    log.warn('BLOB_STORE_URL is not set: files live in DATA_DIR/blobs of this machine; several machines must share a bucket');
  }
  if (config.DEMO_DATA && (await isDatabaseEmpty(database.db))) {
    await loadDemoData(database.db, blobs, config.STAFF_EMAIL_DOMAIN);
    log.info('demo data loaded');
  }

  const jobs = await createJobs<AllJobs>(database, log);
  const idTokens = await createIdTokens(config);
  if (!config.ID_TOKEN_PRIVATE_KEYS && replicas) {
    log.warn('ID_TOKEN_PRIVATE_KEYS is not set: this process signs with its own key in DATA_DIR/keys; replicas must share one');
  }
  if (!config.DOWNLOAD_URL_SECRET && replicas) {
    log.warn('DOWNLOAD_URL_SECRET is not set: report download links are signed with a secret in DATA_DIR/keys; replicas must share one');
  }
  const mailer = createMailer(config, blobs);
  const deps: AppDeps = { config, database, jobs, blobs, idTokens, mailer, log, clock: systemClock };
  const serveApi = config.PROCESS_ROLE !== 'worker';
  // A worker listens only when its metrics are wanted, and then serves only the probes and /metrics.
  const app = serveApi
    ? await buildApp(deps, { logger: log })
    : config.METRICS_TOKEN
      ? await buildProbeApp(deps, { logger: log })
      : undefined;
  // Built once: the app's (buildApp decorates them), or, in a worker without HTTP, the worker's own.
  const services = app?.services ?? createServices(deps);
  // The signals are heard before the port opens: a SIGTERM once the probes answer, while the
  // rest of the start goes on, still stops the process cleanly rather than killing it.
  let ownFeed: Awaited<ReturnType<typeof startChangeFeed>> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5_000);
    force.unref();
    // Stop taking requests and let in-flight ones finish, then let job batches finish.
    await app?.close();
    await jobs.stop(config.SHUTDOWN_TIMEOUT_MS);
    await ownFeed?.close();
    await backups?.close();
    mailer.close();
    blobs.close();
    await database.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (app) await app.listen({ host: config.HOST, port: config.PORT });
  if (stopping) return;
  // A worker hears the change feed too (the app started it where there is one): what another
  // process's write made due, webhook deliveries, wakes its pumps at once.
  ownFeed = config.PROCESS_ROLE !== 'api' && !deps.changes ? await startChangeFeed(database, log) : undefined;
  if (ownFeed) deps.changes = ownFeed;
  if (config.PROCESS_ROLE !== 'api' && !stopping) await jobs.startWorkers(jobDefinitions({ deps, services }));

  const ms = Math.round(performance.now() - startedAt);
  log.info({ ms, database: database.kind, role: config.PROCESS_ROLE }, 'ready');
  // Only a process that serves the API welcomes: the demo password's check (a password hash) is done there alone.
  if (serveApi && !stopping) {
    await printWelcome(config, config.DEMO_DATA ? await demoSignInDetails(database.db) : undefined, idTokens);
  }
}

/**
 * The welcome, in plain text, at every start of an API process while the demo data's
 * Organizational Admin exists (README, "Signing in"). A one-time staff sign-in link is a live credential: it goes
 * to the terminal only (stderr, while stdout is a TTY: a person is watching), never into the
 * JSON log stream that log collectors keep; elsewhere the command that makes one is printed.
 */
async function printWelcome(config: Config, demo: DemoSummary | undefined, idTokens: IdTokens) {
  const url = config.PUBLIC_URL;
  const lines = [`\n  Integrations Console is running at ${url}`];
  if (demo) {
    lines.push(
      '  Demo data: sign in as an Organizational Admin with',
      `    e-mail:   ${demo.orgAdminEmail}`,
      `    password: ${demo.password ?? 'changed since the demo data was loaded'}`,
    );
    if (demo.staffEmail) {
      lines.push(
        `  Staff (Super area), ${demo.staffEmail}: a one-time sign-in link with`,
        `    ${consoleCommandPrefix(config)}npm run console -- sign-in-link ${demo.staffEmail}`,
      );
    }
  }
  console.log(`${lines.join('\n')}\n`);
  if (demo?.staffEmail && process.stdout.isTTY) {
    const link = await createSignInLink(idTokens, url, demo.staffEmail);
    process.stderr.write(`  This one signs ${demo.staffEmail} in until ${link.expiresAt.toISOString()}:\n    ${link.url}\n\n`);
  }
}

/**
 * The command-line tool makes links for its own idea of the console's address (PUBLIC_URL, else
 * port 3000) and signs them with the key in its own DATA_DIR: a console started on another port,
 * address or data directory names them, so the printed command, pasted as it is, makes a link
 * that this server accepts.
 */
function consoleCommandPrefix(config: Config): string {
  const settings = [];
  if (config.PUBLIC_URL !== 'http://localhost:3000') settings.push(`PUBLIC_URL=${shellWord(config.PUBLIC_URL)}`);
  if (!config.ID_TOKEN_PRIVATE_KEYS && config.dataDir !== path.resolve('data')) {
    settings.push(`DATA_DIR=${shellWord(config.dataDir)}`);
  }
  return settings.map((s) => `${s} `).join('');
}

/** A word a POSIX shell reads back as it is. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
