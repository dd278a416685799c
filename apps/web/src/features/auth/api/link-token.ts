/**
 * A link's token the server cannot even read (cut short, mangled by a mail client) is
 * refused as a malformed request (400 VALIDATION_ERROR, "There are errors in the form"):
 * the person has no form, only a link, so it is said as what it is, a link that is not
 * valid (INVALID_TOKEN: "This link is not valid or has expired.").
 */
import { HttpError, isHttpError } from '../../../lib/http';

function namesToken(details: unknown): boolean {
  return Array.isArray(details) && details.some((d) => /(^|\/)token$/.test(String((d as { path?: unknown })?.path ?? '')));
}

export async function withLinkToken<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (isHttpError(err) && err.code === 'VALIDATION_ERROR' && namesToken(err.details)) {
      throw new HttpError('The link is not valid', 'INVALID_TOKEN', 400);
    }
    throw err;
  }
}
