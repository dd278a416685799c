/**
 * The console's command-line tool:  npm run console -- <command> [arguments]
 *
 *   sign-in-link <email> [--locale es|fr|pt]
 *                          print a one-time sign-in link (15 minutes) for that person,
 *                          opening the console in that language (English by default)
 *   backup <file>          write a backup of the embedded database (db/backup.ts)
 *   restore <file>         replace the embedded database by a backup (the server stopped)
 *
 * It reads the same environment as the server (DATA_DIR, ID_TOKEN_PRIVATE_KEYS, PUBLIC_URL).
 * sign-in-link does not open the database and backup asks the running server, so both work
 * while the server runs.
 */
import './disable-proto.js';
import fs from 'node:fs';
import path from 'node:path';
import { signInEmail } from '@console/contracts';
import { ConfigError, loadConfig } from './config.js';
import { BackupError, backupTo, restoreFrom } from './db/backup.js';
import type { MailLocale } from './mail/templates.js';
import { createIdTokens, keysDirectory } from './modules/auth/id-token.js';
import { createSignInLink, SIGN_IN_LINK_MINUTES } from './modules/auth/sign-in-links.service.js';
import { ownerOnlyUmask } from './storage/owner-only.js';

const USAGE = `Usage: npm run console -- <command>

Commands:
  sign-in-link <email> [--locale en|es|fr|pt]
      print a one-time sign-in link, valid ${SIGN_IN_LINK_MINUTES} minutes, that opens the console
      in that language (English by default)
  backup <file>
      write a backup of the embedded database (DATA_DIR/db) to <file>, also while the server
      runs (it makes the backup); on PostgreSQL use pg_dump (docs/operations.md)
  restore <file>
      replace the embedded database by the backup in <file>; stop the server first. The
      database it replaces is kept beside it as db.replaced-<time>`;

const LOCALES = ['en', 'es', 'fr', 'pt'] as const;

/** `--locale xx` or `--locale=xx` among the arguments; undefined when absent, null when not one of ours. */
function localeOption(args: string[]): MailLocale | undefined | null {
  const i = args.findIndex((a) => a === '--locale' || a.startsWith('--locale='));
  if (i < 0) return undefined;
  const value = args[i].includes('=') ? args[i].slice('--locale='.length) : args[i + 1];
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as MailLocale) : null;
}

async function main(argv: string[]): Promise<number> {
  // npm runs workspace scripts in the workspace folder; relative paths mean where the user typed the command.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [command, ...args] = argv;
  if (command === 'backup' || command === 'restore') return backupCommand(command, args[0]);
  if (command !== 'sign-in-link') {
    console.error(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 64;
  }
  const email = signInEmail.safeParse(args[0] ?? '');
  const locale = localeOption(args.slice(1));
  if (locale === null) {
    console.error(`--locale must be one of ${LOCALES.join(', ')}.\n\n${USAGE}`);
    return 64;
  }
  if (!email.success) {
    console.error(`sign-in-link needs an e-mail address.\n\n${USAGE}`);
    return 64;
  }
  const config = loadConfig();
  // A new key made here would sign a link no server accepts: a DATA_DIR no console has used is a mistake.
  if (!config.ID_TOKEN_PRIVATE_KEYS && !fs.existsSync(keysDirectory(config))) {
    throw new ConfigError(
      `No console has run with DATA_DIR=${config.dataDir} (it holds no signing key): give the DATA_DIR the server was started with.`,
    );
  }
  const idTokens = await createIdTokens(config);
  const link = await createSignInLink(idTokens, config.PUBLIC_URL, email.data, locale);
  console.log(`One-time sign-in link for ${email.data} (valid until ${link.expiresAt.toISOString()}, single use):\n\n  ${link.url}\n`);
  return 0;
}

async function backupCommand(command: 'backup' | 'restore', file: string | undefined): Promise<number> {
  if (!file || file.startsWith('-')) {
    console.error(`${command} needs a file.\n\n${USAGE}`);
    return 64;
  }
  // A backup holds password hashes and sessions: whatever this makes is the owner's only.
  ownerOnlyUmask();
  const config = loadConfig();
  const target = path.resolve(file);
  if (command === 'backup') {
    const { bytes, from } = await backupTo(config, target);
    const source = from === 'server' ? 'made by the running server' : 'read from the stopped database';
    console.log(`Backup of ${config.dbDir} written to ${target} (${bytes} bytes, ${source}).`);
  } else {
    const { replaced } = await restoreFrom(config, target);
    console.log(`Restored ${config.dbDir} from ${target}.${replaced ? ` The database it replaced is kept in ${replaced}.` : ''}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    const known = err instanceof ConfigError || err instanceof BackupError;
    console.error(known ? err.message : err);
    process.exit(err instanceof ConfigError ? 78 : 1);
  },
);
