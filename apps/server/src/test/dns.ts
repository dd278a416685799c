/** DNS TXT records in memory, for domain verification: DNS is not the console's database, so a fake stands in. */
import type { DnsTxtResolver } from '../modules/domains/domain-verification.js';

export interface FakeDnsTxt extends DnsTxtResolver {
  /** The records at a name (each a list of strings, as a long record comes); none removes them. */
  set(name: string, ...records: string[][]): void;
  /** The next look-ups of the name fail as an unanswered query does (ETIMEOUT). */
  fail(name: string): void;
  /** The names looked up, in order. */
  readonly asked: string[];
}

export function fakeDnsTxt(): FakeDnsTxt {
  const records = new Map<string, string[][]>();
  const failing = new Set<string>();
  const asked: string[] = [];
  const error = (code: string) => Object.assign(new Error(`queryTxt ${code}`), { code });
  return {
    asked,
    set(name, ...values) {
      failing.delete(name);
      if (values.length === 0) records.delete(name);
      else records.set(name, values);
    },
    fail(name) {
      failing.add(name);
    },
    async resolveTxt(name) {
      asked.push(name);
      if (failing.has(name)) throw error('ETIMEOUT');
      const found = records.get(name);
      if (!found) throw error('ENOTFOUND');
      return found;
    },
  };
}
