/**
 * Domain verification asks real DNS: Node's resolver, told by DOMAIN_VERIFICATION_DNS_SERVERS to
 * ask a server of the test's own on loopback, finds the published record, misses an absent or
 * wrong one, and the configuration refuses what is no server address.
 */

import { domainRecordName, domainRecordValue } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type LoopbackDns, startLoopbackDns } from '../../test/dns-server.js';
import { checkDomainRecord, dnsTxtResolverOf } from './domain-verification.js';

describe('domain verification through a configured DNS server', () => {
  let dns: LoopbackDns;
  beforeAll(async () => {
    dns = await startLoopbackDns();
  });
  afterAll(() => dns.close());

  it('finds the record on the configured server, and says when it is missing or holds another value', async () => {
    const resolver = dnsTxtResolverOf([dns.server]);
    dns.setTxt(domainRecordName('acme.example'), domainRecordValue('token-1'));
    expect(await checkDomainRecord(resolver, 'acme.example', 'token-1')).toBeNull();
    expect(await checkDomainRecord(resolver, 'acme.example', 'token-2')).toBe('wrong_value');
    expect(await checkDomainRecord(resolver, 'globex.example', 'token-1')).toBe('no_record');
    expect(dns.asked).toEqual([domainRecordName('acme.example'), domainRecordName('acme.example'), domainRecordName('globex.example')]);
  });

  it('takes a list of server addresses, each with an optional port, and refuses a name', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadConfig({ ...base, DOMAIN_VERIFICATION_DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353' }).DOMAIN_VERIFICATION_DNS_SERVERS).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
    ]);
    expect(loadConfig(base).DOMAIN_VERIFICATION_DNS_SERVERS).toBeUndefined();
    expect(() => loadConfig({ ...base, DOMAIN_VERIFICATION_DNS_SERVERS: 'dns.example.com' })).toThrow(/DNS servers/);
  });
});
