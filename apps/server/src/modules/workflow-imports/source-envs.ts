/**
 * The environments workflow imports read from (docs/product.md, "Workflow imports"; decision 015):
 * "default" is this installation's own database; the others come from WORKFLOW_SOURCE_ENVS
 * and are opened on first use as small pools whose transactions are read-only, so an import
 * can never write to a source.
 */
import { DEFAULT_SOURCE_ENV, workflowImportErrorCodes, workflowImportErrorMessages } from '@console/contracts';
import { type Database, type Db, openPostgres } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { ValidationError } from '../../http/errors.js';

/** Connections per source environment and process: imports read little, one item at a time. */
const SOURCE_POOL_SIZE = 2;

export interface SourceEnvs {
  /** Every environment's name, "default" first. */
  names(): string[];
  /** The environment's database; an unknown name is refused with 400 SOURCE_ENV_UNKNOWN (its field in `details`). */
  db(name: string, field?: string): Promise<Db>;
  close(): Promise<void>;
}

export const sourceEnvUnknown = (field = 'sourceEnv') =>
  new ValidationError(
    workflowImportErrorMessages.sourceEnvUnknown,
    [{ path: `/${field}`, message: 'unknown' }],
    workflowImportErrorCodes.sourceEnvUnknown,
  );

/** The URL with every session's transactions read-only (libpq's `options`, which node-postgres reads too). */
export function readOnlyUrl(url: string): string {
  const u = new URL(url);
  const options = u.searchParams.get('options');
  u.searchParams.set('options', [options, '-c default_transaction_read_only=on'].filter(Boolean).join(' '));
  return u.toString();
}

export function createSourceEnvs(
  own: Database,
  urls: Record<string, string>,
  open: (name: string, url: string) => Promise<Database> = (_name, url) => openPostgres(readOnlyUrl(url), SOURCE_POOL_SIZE),
): SourceEnvs {
  const opened = new Map<string, Promise<Database>>();
  return {
    names: () => [DEFAULT_SOURCE_ENV, ...Object.keys(urls).sort()],
    async db(name, field) {
      if (name === DEFAULT_SOURCE_ENV) return own.db;
      const url = Object.hasOwn(urls, name) ? urls[name] : undefined;
      if (!url) throw sourceEnvUnknown(field);
      let pending = opened.get(name);
      if (!pending) {
        pending = open(name, url);
        pending.catch(() => opened.delete(name));
        opened.set(name, pending);
      }
      return (await pending).db;
    },
    async close() {
      const all = [...opened.values()];
      opened.clear();
      await Promise.all(all.map(async (p) => (await p.catch(() => undefined))?.close()));
    },
  };
}

const registries = new WeakMap<object, SourceEnvs>();

/** The process's source environments (one registry per set of dependencies). */
export function sourceEnvsOf(deps: Pick<AppDeps, 'database' | 'config'>): SourceEnvs {
  let envs = registries.get(deps);
  if (!envs) {
    envs = createSourceEnvs(deps.database, deps.config.WORKFLOW_SOURCE_ENVS);
    registries.set(deps, envs);
  }
  return envs;
}

/** Tests give the dependencies environments of their own (another test database). */
export function useSourceEnvs(deps: object, envs: SourceEnvs): void {
  registries.set(deps, envs);
}

/**
 * The process's source environments, looked up at each call rather than once: tests give
 * the dependencies environments of their own (useSourceEnvs) after the app and its
 * services are built.
 */
export function currentSourceEnvs(deps: Pick<AppDeps, 'database' | 'config'>): SourceEnvs {
  return {
    names: () => sourceEnvsOf(deps).names(),
    db: (name, field) => sourceEnvsOf(deps).db(name, field),
    close: () => sourceEnvsOf(deps).close(),
  };
}
