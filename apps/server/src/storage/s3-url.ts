/** BLOB_STORE_URL: `s3://bucket/prefix` (read by the configuration, without the AWS SDK). */
export interface S3Location {
  bucket: string;
  /** Without leading or trailing slash; empty for the bucket's root. */
  prefix: string;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** `s3://bucket` or `s3://bucket/some/prefix` (a trailing slash is allowed); a message when it is not one. */
export function parseS3Url(url: string): S3Location | string {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(url);
  if (!match) return 'must be s3://bucket or s3://bucket/prefix';
  const bucket = match[1];
  const prefix = (match[2] ?? '').replace(/\/+$/, '');
  if (!BUCKET.test(bucket)) return `${bucket}: a bucket name is 3 to 63 lowercase letters, digits, dots and hyphens`;
  if (prefix && (!PREFIX.test(prefix) || prefix.split('/').includes('..'))) {
    return `${prefix}: a prefix is path segments of letters, digits, dots, hyphens and underscores`;
  }
  return { bucket, prefix };
}
