/** The addresses webhooks may reach, and the URLs an endpoint may be saved with. */
import { webhookUrl } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from './address-policy.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '0.1.2.3',
    '192.0.0.170',
    '192.0.2.10',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '::',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '100::1',
    '64:ff9b:1::a00:1',
    '::7f00:1',
    '::127.0.0.1',
    // IPv4 addresses carried in IPv6, in each spelling.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '0::ffff:7f00:1',
    '0:0:0:0:0:FFFF:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::ffff:0:10.0.0.1',
    '64:ff9b::169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '192.169.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '[2606:4700:4700::1111]',
    '2a00:1450:4007:80e::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(['', 'localhost', 'example.com', '1.2.3', '999.1.1.1', '::g', '12345'])('%j is no address: not public', (text) => {
    expect(isPublicAddress(text)).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  it('admits https URLs naming a host or a public address', () => {
    for (const url of [
      'https://hooks.acme.example/in',
      'https://8.8.8.8/x',
      'https://[2606:4700:4700::1111]:8443/x?y=1',
      // A name is judged at delivery, on what it resolves to.
      'https://internal.acme.example/',
    ])
      expect(webhookUrlProblem(url, false), url).toBeNull();
  });

  it('refuses http', () => {
    expect(webhookUrlProblem('http://hooks.acme.example/in', false)).toBe('not_https');
  });

  it('refuses private, loopback, link-local and metadata addresses, however the URL writes them', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://10.1.2.3/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
      'https://[fc00::1]/',
      'https://[fe80::1]/',
      'https://0.0.0.0/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      // The URL parser reads these as 127.0.0.1.
      'https://2130706433/',
      'https://0x7f.1/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://127.0.0.1./',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      // And the other spellings an attacker tries.
      'HTTPS://127.0.0.1/',
      'https://LOCALHOST/',
      'https://localhost%2e/',
      'https://0x7f000001/',
      'https://%31%32%37.0.0.1/',
      'https://①②⑦.0.0.1/',
      'https://127。0。0。1/',
      'https://0/',
      'https://0.0.0.0./',
      'https://[::]/',
      'https://[::ffff:7f00:1]/',
      'https://[0:0:0:0:0:ffff:7f00:1]/',
      'https://[64:ff9b::127.0.0.1]/',
      'https://[64:ff9b::7f00:1]/',
      'https://[2002:7f00:1::]/',
      'https://[fd00:ec2::254]/',
      'https://[fd12:3456:789a::1]/',
      'https://[fe80::1]:8443/',
      'https://100.64.0.1/',
      'https://100.127.255.254/',
      'https://198.18.0.1/',
      'https://198.19.255.254/',
      'https://192.0.0.170/',
      'https://240.0.0.1/',
      'https://255.255.255.255/',
      'https://4294967295/',
      'https://224.0.0.251/',
    ])
      expect(webhookUrlProblem(url, false), url).toBe('private_address');
  });

  it('refuses an IPv6 address with a zone before the policy is asked: the URL itself is invalid', () => {
    for (const url of ['https://[fe80::1%25eth0]/', 'https://[fe80::1%eth0]/']) expect(webhookUrl.safeParse(url).success, url).toBe(false);
  });

  it('takes the scheme in any case, and refuses an address with credentials as credentials', () => {
    expect(webhookUrlProblem('HTTPS://Hooks.Acme.Example/in', false)).toBeNull();
    expect(webhookUrlProblem('HTTP://hooks.acme.example/in', false)).toBe('not_https');
    expect(webhookUrlProblem('https://a@169.254.169.254/', false)).toBe('credentials');
    expect(webhookUrlProblem('https://a:b@[::1]/', false)).toBe('credentials');
  });

  it('refuses credentials in the URL, whatever the setting', () => {
    expect(webhookUrlProblem('https://user:pass@hooks.acme.example/', false)).toBe('credentials');
    expect(webhookUrlProblem('https://user@hooks.acme.example/', true)).toBe('credentials');
  });

  it('admits http and private addresses when the setting allows them', () => {
    for (const url of ['http://127.0.0.1:4000/hook', 'https://[::1]/', 'http://localhost/', 'https://169.254.169.254/'])
      expect(webhookUrlProblem(url, true), url).toBeNull();
  });
});
