/**
 * The installation's one blob store, from the configuration: the folder DATA_DIR/blobs by
 * default, the S3 bucket of BLOB_STORE_URL when set. The server, the workers and the tests'
 * app all make theirs here (docs/decisions/031-object-storage.md).
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { type BlobStore, createFolderBlobStore } from './blob-store.js';

export interface ConfiguredBlobStore extends BlobStore {
  /** Throws, with the reason, when the store cannot be used (a missing bucket, refused credentials). */
  checkReachable(): Promise<void>;
  close(): void;
}

type BlobStoreConfig = Pick<Config, 'dataDir' | 'BLOB_STORE_URL' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'AWS_REGION'>;

export async function createBlobStore(config: BlobStoreConfig): Promise<ConfiguredBlobStore> {
  const location = config.BLOB_STORE_URL;
  if (!location) {
    return { ...createFolderBlobStore(path.join(config.dataDir, 'blobs')), checkReachable: async () => {}, close: () => {} };
  }
  // Loaded only when configured: the embedded default starts without the AWS SDK.
  const { createS3BlobStore } = await import('./s3-blob-store.js');
  return createS3BlobStore({
    ...location,
    region: config.AWS_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined,
  });
}
