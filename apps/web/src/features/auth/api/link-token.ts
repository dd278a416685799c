/**
 * The token of a link an e-mail opens (an invitation's, a password reset's): its check as the
 * page loads, and its refusal when the server cannot read it.
 *
 * A link's token the server cannot even read (cut short, mangled by a mail client) is
 * refused as a malformed request (400 VALIDATION_ERROR, "There are errors in the form"):
 * the person has no form, only a link, so it is said as what it is, a link that is not
 * valid (INVALID_TOKEN: "This link is not valid or has expired.").
 */
import { useQuery } from '@tanstack/react-query';
import { HttpError, isHttpError } from '../../../lib/http';
import { queryClient } from '../../../lib/query-client';

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

/**
 * A link's check as a query: read once per token (checking changes nothing), tried again only
 * when the server failed, and started by `prefetch` as soon as the form's code has loaded,
 * beside the page's own code. A token that cannot be one (`readable`) is not sent.
 */
export function linkCheck<T>(name: string, check: (token: string) => Promise<T>, readable: (token: string) => boolean) {
  const query = (token: string) => ({
    queryKey: [name, token],
    queryFn: () => check(token),
    retry: (count: number, err: unknown) => !(isHttpError(err) && err.statusCode < 500) && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    readable,
    prefetch(url: URL) {
      const token = url.searchParams.get('token') ?? '';
      if (readable(token)) void queryClient.prefetchQuery(query(token));
    },
    useCheck: (token: string) => useQuery({ ...query(token), enabled: readable(token) }),
  };
}
