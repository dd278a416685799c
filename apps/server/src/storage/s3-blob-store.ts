/**
 * The blob store on an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, s3rver in
 * the tests): every process of an installation reads and writes the same files, so an
 * import uploaded through one API replica is applied by any worker and a report a worker
 * wrote is downloaded through any replica (docs/decisions/031-object-storage.md).
 *
 * Objects are `<prefix>/<key>`. A write is one PutObject, or a multipart upload for a
 * stream (never whole in memory: parts of 8 MB, a few at a time); S3 makes an object
 * visible only once complete, so a reader never sees half a file, like the folder's rename.
 */
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobKey, type BlobStore } from './blob-store.js';
import type { S3Location } from './s3-url.js';

export interface S3BlobStoreOptions extends S3Location {
  region: string;
  /** A non-AWS endpoint (MinIO, R2, s3rver); unset: AWS S3 of the region. */
  endpoint?: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID…, a profile, the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** 8 MB parts, 4 in flight: at most 32 MB of an upload in memory, 10,000 parts reach 80 GB. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore & { checkReachable(): Promise<void>; close(): void } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: S3-compatible servers (MinIO before 2025, R2,
    // s3rver) do not all understand the SDK's default aws-chunked CRC trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket } = options;
  const base = options.prefix ? `${options.prefix}/` : '';
  const objectKey = (key: string) => base + assertBlobKey(key);

  return {
    kind: 's3',
    async put(key, data) {
      const Key = objectKey(key);
      if (Buffer.isBuffer(data) || typeof data === 'string') {
        const body = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: body, ContentLength: body.length }));
        return { sizeBytes: body.length };
      }
      let sizeBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sizeBytes += chunk.length;
          callback(null, chunk);
        },
      });
      // A source that fails (an aborted request, a file over the limit) fails the counter,
      // and with it the upload, which then aborts its multipart upload: nothing is stored.
      const upload = new Upload({ client, params: { Bucket: bucket, Key, Body: counter }, partSize: PART_SIZE, queueSize: QUEUE_SIZE });
      const [fed, done] = await Promise.allSettled([pipeline(data, counter), upload.done()]);
      if (fed.status === 'rejected') {
        // The upload may have completed from what it read before the failure: never keep part of a file.
        if (done.status === 'fulfilled') await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
        throw fed.reason;
      }
      if (done.status === 'rejected') throw done.reason;
      return { sizeBytes };
    },
    read(key) {
      // The caller gets a stream at once (as from the folder); the object's bytes follow.
      const out = new PassThrough();
      const request = new AbortController();
      out.once('close', () => request.abort());
      client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), { abortSignal: request.signal }).then(
        // A reader that stops early (a closed download) destroys `out`, and the pipeline the body.
        (res) => pipeline(res.Body as Readable, out).catch(() => undefined),
        (err) => {
          // The folder's code for a missing file, so that callers need not know the store.
          out.destroy(isMissing(err) ? Object.assign(new Error(`No such blob: ${key}`), { code: 'ENOENT' }) : (err as Error));
        },
      );
      return out;
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      // Deleting an absent object succeeds on S3, as `rm --force` does in the folder.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async sweepTemporary(olderThan) {
      // The temporary files of S3 are the multipart uploads a killed process never completed
      // nor aborted. A bucket lifecycle rule (AbortIncompleteMultipartUpload) does the same;
      // servers without the listing (s3rver) answer NotImplemented: nothing to sweep then.
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        let page: ListMultipartUploadsCommandOutput;
        try {
          page = await client.send(
            new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: base || undefined, KeyMarker, UploadIdMarker }),
          );
        } catch (err) {
          if ((err as { name?: string }).name === 'NotImplemented') return removed;
          throw err;
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed++;
        }
        if (!page.IsTruncated) return removed;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
    },
    /** Stops a start whose bucket is missing or whose credentials are refused, with the reason. */
    async checkReachable() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
        const status = e.$metadata?.httpStatusCode;
        const reason =
          status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : `${e.name ?? 'error'}: ${e.message ?? status}`;
        throw new Error(`BLOB_STORE_URL: the bucket ${bucket} cannot be reached (${reason})`);
      }
    },
    close: () => client.destroy(),
  };
}
