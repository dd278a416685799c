/**
 * Receives a multipart CSV upload: the file part streams straight into the blob store
 * (never whole in memory), the text fields are collected. An upload over the size limit
 * is answered 413 and leaves nothing stored; so does a wrong file type (400), and a file
 * named .csv whose first bytes are no text's (a workbook, a PDF: 400 USER_IMPORT_NOT_TEXT).
 */
import { Transform } from 'node:stream';
import {
  IMPORT_FILE_EXTENSION,
  isStorableText,
  type NotTextKind,
  notTextKind,
  notTextMessages,
  TEXT_SNIFF_BYTES,
  userImportRequestErrors,
} from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';

/** What an upload is read from: the request's headers and its multipart parts. */
export type UploadRequest = Pick<FastifyRequest, 'isMultipart' | 'parts' | 'headers'>;

export interface ReceivedUpload {
  filename: string;
  sizeBytes: number;
  fields: Record<string, string>;
}

/** Room for the multipart framing and the text fields beside the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_FIELDS = 20;

export const fileRequired = () => new ValidationError('You need to specify the file', undefined, userImportRequestErrors.fileRequired);
export const badFormat = () =>
  new ValidationError('Format is incorrect. Remember that we are expecting a CSV file', undefined, userImportRequestErrors.badFormat);
export function tooLarge(maxBytes: number): AppError {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new AppError(413, userImportRequestErrors.tooLarge, `The file is larger than the limit of ${mb} MB.`, { maxBytes });
}

export const notText = (kind: NotTextKind) => new ValidationError(notTextMessages[kind], { kind }, userImportRequestErrors.notText);

/** Passes the bytes on, refusing the file when its first TEXT_SNIFF_BYTES are no text's. */
function refuseNotText(): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  const check = (end: boolean): Buffer | undefined => {
    if (!head || (head.length < TEXT_SNIFF_BYTES && !end)) return undefined;
    const kind = notTextKind(head.subarray(0, TEXT_SNIFF_BYTES));
    if (kind) throw notText(kind);
    const out = head;
    head = undefined;
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!head) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      try {
        done(null, check(false));
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        done(null, check(true));
      } catch (err) {
        done(err as Error);
      }
    },
  });
}

export function isCsvName(filename: string): boolean {
  // The name is stored: one with NUL cannot be (PostgreSQL refuses NUL in text; the request fuzzer found it).
  return (
    filename.toLowerCase().endsWith(IMPORT_FILE_EXTENSION) && filename.length > IMPORT_FILE_EXTENSION.length && isStorableText(filename)
  );
}

/** Streams the `file` part to `blobKey`; answers its name, size and the other fields. */
export async function receiveCsvUpload(
  request: UploadRequest,
  blobs: BlobStore,
  blobKey: string,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw fileRequired();
  const declared = Number(request.headers['content-length']);
  // Refuse before reading a byte when the request says it is too big.
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw tooLarge(maxBytes);

  const fields: Record<string, string> = {};
  let file: { filename: string; sizeBytes: number } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: 1024, parts: MAX_FIELDS + 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || !part.filename) {
        part.file.resume();
        continue;
      }
      if (!isCsvName(part.filename)) {
        part.file.resume();
        throw badFormat();
      }
      const checked = refuseNotText();
      part.file.on('error', (err) => checked.destroy(err));
      checked.on('error', () => part.file.resume());
      const { sizeBytes } = await blobs.put(blobKey, part.file.pipe(checked));
      if (part.file.truncated) throw tooLarge(maxBytes);
      file = { filename: part.filename, sizeBytes };
    }
  } catch (err) {
    await blobs.remove(blobKey);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw err;
  }
  if (!file) throw fileRequired();
  return { ...file, fields };
}
