/**
 * The look in DNS that proves a claim: a TXT record `_workframe-verification.<domain>`
 * holding `workframe-verification=<token>`. The resolver is handed in (production: Node's
 * resolver; tests: a fake, since DNS is no part of the console's database).
 */
import { Resolver, resolveTxt } from 'node:dns/promises';
import { type DomainCheckError, domainRecordName, domainRecordValue } from '@console/contracts';

/** The TXT records at a name, each as its strings (a long record comes in chunks); an error with `code` as Node's. */
export interface DnsTxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

export const nodeDnsTxtResolver: DnsTxtResolver = { resolveTxt };

/** Node's resolver asking these servers (`1.1.1.1`, `127.0.0.1:5353`) rather than the system's. */
export function dnsTxtResolverOf(servers: string[]): DnsTxtResolver {
  const resolver = new Resolver();
  resolver.setServers(servers);
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}

/** Node's codes for "the name has no TXT record", as opposed to a failure to get an answer. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/** Null when the record holds the value; else what was wrong, as the admin acts on it. */
export async function checkDomainRecord(
  resolver: DnsTxtResolver,
  domain: string,
  token: string,
): Promise<Exclude<DomainCheckError, 'taken'> | null> {
  let records: string[][];
  try {
    records = await resolver.resolveTxt(domainRecordName(domain));
  } catch (err) {
    return NO_RECORD.has(String((err as { code?: unknown }).code)) ? 'no_record' : 'dns_error';
  }
  if (records.length === 0) return 'no_record';
  const expected = domainRecordValue(token);
  // A record split into several strings is one value joined (RFC 7208 reads SPF so); spaces around it are an editor's.
  return records.some((chunks) => chunks.join('').trim() === expected) ? null : 'wrong_value';
}

/** The English sentence of a failed look (the API's message; the web says it in the admin's language). */
export function checkErrorMessage(error: DomainCheckError, domain: string): string {
  const name = domainRecordName(domain);
  switch (error) {
    case 'no_record':
      return `No TXT record found at ${name}.`;
    case 'wrong_value':
      return `Found TXT records at ${name}, but none with the expected value.`;
    case 'dns_error':
      return `DNS gave no answer for ${name}; try again in a few minutes.`;
    case 'taken':
      return `${domain} is verified by another organization.`;
  }
}
