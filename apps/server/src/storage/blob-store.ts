/**
 * Where uploaded files, videos and reports live: a folder under the data directory by
 * default, or an S3-compatible bucket shared by every process (BLOB_STORE_URL,
 * s3-blob-store.ts; docs/decisions/031-object-storage.md). Keys are relative paths made by
 * the server, never by a user. blob-store.contract.test.ts holds both to the same behaviour.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './owner-only.js';

export interface BlobStore {
  /** `folder`: this machine's disk, one process's; `s3`: shared by every process of the installation. */
  readonly kind: 'folder' | 's3';
  /** Stores the whole of `data` under `key` (replacing what was there), or nothing when `data` fails. */
  put(key: string, data: Buffer | string | Readable): Promise<{ sizeBytes: number }>;
  /** The file's bytes; the stream fails with code ENOENT when there is no such file. */
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /**
   * Removes the temporary files of writes that never finished (a process killed mid-upload)
   * last changed before `olderThan`; a write in progress keeps changing its file. Answers how many.
   */
  sweepTemporary(olderThan: Date): Promise<number>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** The key when it is one the server makes (a relative path without `..`); throws otherwise. */
export function assertBlobKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
  return key;
}

export function createFolderBlobStore(root: string): BlobStore {
  const resolve = (key: string) => path.join(root, assertBlobKey(key));
  return {
    kind: 'folder',
    async put(key, data) {
      const file = resolve(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: OWNER_ONLY_DIR });
      // Write beside, then rename: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        if (Buffer.isBuffer(data) || typeof data === 'string') await fs.promises.writeFile(tmp, data, { mode: OWNER_ONLY_FILE });
        else await pipeline(data, fs.createWriteStream(tmp, { mode: OWNER_ONLY_FILE }));
        await fs.promises.rename(tmp, file);
      } catch (err) {
        // A failed or aborted upload leaves nothing behind.
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
      return { sizeBytes: (await fs.promises.stat(file)).size };
    },
    read: (key) => fs.createReadStream(resolve(key)),
    async exists(key) {
      return fs.promises.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async sweepTemporary(olderThan) {
      let removed = 0;
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (!stat || stat.mtime >= olderThan) continue;
        await fs.promises.rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
