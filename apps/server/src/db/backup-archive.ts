/**
 * A backup's archive as it is written: PGlite's dump of its data directory is a tar whose
 * names are absolute (`/base/1/112`) and whose modes are PGlite's (0666, 0777). Unpacked by
 * hand, such an archive writes outside the folder it is unpacked in and leaves the database
 * readable by anyone; rewritten, every name is relative and every entry owner-only. PGlite
 * loads either (it joins each name to its own directory), so older backups still restore.
 */
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../storage/owner-only.js';

const BLOCK = 512;
const NAME = { at: 0, length: 100 };
const MODE = { at: 100, length: 8 };
const SIZE = { at: 124, length: 12 };
const CHECKSUM = { at: 148, length: 8 };
const TYPE_AT = 156;
const PREFIX = { at: 345, length: 155 };
const DIRECTORY_TYPE = 0x35; // '5'
const SLASH = 0x2f;

type Field = { at: number; length: number };

const text = (header: Buffer, field: Field) => header.toString('latin1', field.at, field.at + field.length).replace(/\0.*$/s, '');

/** Writes a field's text NUL-padded (tar's octal numbers end with a NUL). */
function write(header: Buffer, field: Field, value: string) {
  header.fill(0, field.at, field.at + field.length);
  header.write(value, field.at, field.length, 'latin1');
}

/** The name without its leading slashes: in `prefix` when the name was split there (ustar), else in `name`. */
function relativeName(header: Buffer) {
  const field = text(header, PREFIX) ? PREFIX : NAME;
  write(header, field, text(header, field).replace(/^\/+/, ''));
}

function sealChecksum(header: Buffer) {
  header.fill(0x20, CHECKSUM.at, CHECKSUM.at + CHECKSUM.length);
  let sum = 0;
  for (const byte of header) sum += byte;
  write(header, CHECKSUM, `${sum.toString(8).padStart(6, '0')}\0 `);
}

/** The tar with relative names and owner-only modes, its contents untouched: rewritten in place (a dump is the database's size). */
export function ownerOnlyRelativeTar(tar: Uint8Array): Buffer {
  const out = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  for (let at = 0; at + BLOCK <= out.length; ) {
    const header = out.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    relativeName(header);
    const directory = header[TYPE_AT] === DIRECTORY_TYPE || text(header, NAME).endsWith(String.fromCharCode(SLASH));
    write(header, MODE, `${(directory ? OWNER_ONLY_DIR : OWNER_ONLY_FILE).toString(8).padStart(7, '0')}`);
    sealChecksum(header);
    const size = Number.parseInt(text(header, SIZE).trim() || '0', 8);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return out;
}
