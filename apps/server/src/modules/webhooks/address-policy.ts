/**
 * Where a webhook may be sent (docs/decisions/054-webhook-endpoints.md): only to public
 * addresses, never to this network's private, loopback, link-local (cloud metadata),
 * shared, reserved or multicast ranges. The one classifier of addresses, used twice: when an
 * endpoint is saved (a URL naming such an address literally is refused) and at delivery, on
 * every address its host resolves to (a DNS name can point anywhere, and change).
 *
 * An IPv6 address that carries an IPv4 address (mapped `::ffff:a.b.c.d`, SIIT `::ffff:0:a.b.c.d`,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) is judged by the IPv4 address it carries, however
 * it is written: such spellings are the usual way around lists that compare text.
 */
import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';
import type { WebhookUrlProblem } from '@console/contracts';

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const V4_RANGES: [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier NAT; some clouds' metadata)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is the cloud metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** IPv6 ranges that are not the public internet, but those that carry an IPv4 address (judged by it). */
const V6_RANGES: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['100::', 64], // discard
  ['64:ff9b:1::', 48], // local-use NAT64: whatever it translates to is this network's choice
  ['2001::', 32], // Teredo: the IPv4 address it carries is obscured
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS's IPv6 metadata service is fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
];

const refused = new BlockList();
for (const [network, prefix] of V4_RANGES) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of V6_RANGES) refused.addSubnet(network, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address in any spelling (node has checked it is one). */
function v6Bytes(address: string): number[] {
  let text = address;
  const bytes: number[] = [];
  // A dotted IPv4 tail (`::ffff:1.2.3.4`) is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tail: number[] = [];
  if (dotted) {
    tail = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').filter((g) => g !== '') : []);
  const left = groups(head);
  const right = groups(rest);
  const missing = 8 - tail.length / 2 - left.length - right.length;
  const all = [...left, ...(rest === undefined ? [] : Array(missing).fill('0')), ...right];
  for (const group of all) {
    const n = Number.parseInt(group, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  return [...bytes, ...tail];
}

/** The IPv4 address an IPv6 address carries (mapped, SIIT, NAT64, 6to4), if it carries one. */
function carriedV4(address: string): string | undefined {
  const b = v6Bytes(address);
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  // ::ffff:a.b.c.d (mapped)
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  // ::ffff:0:a.b.c.d (SIIT)
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return v4(12);
  // 64:ff9b::a.b.c.d (well-known NAT64)
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4(12);
  // 2002:aabb:ccdd::/48 (6to4)
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return undefined;
}

/**
 * True when `address` (an IP address, as DNS answers it or a URL names it, with or without
 * IPv6's brackets) is on the public internet. Anything that is not an IP address is false.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // A zone (`fe80::1%eth0`) names an interface of this host.
  if (bare.includes('%')) return false;
  if (isIPv4(bare)) return !refused.check(bare, 'ipv4');
  if (!isIPv6(bare)) return false;
  const v4 = carriedV4(bare);
  if (v4 !== undefined) return !refused.check(v4, 'ipv4');
  return !refused.check(bare, 'ipv6');
}

/** Names that always mean this host (RFC 6761), whatever DNS says. */
const isLocalName = (hostname: string) => {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

/**
 * Why an endpoint's URL may not be saved, or null when it may. A URL naming a host by name
 * passes here (its addresses are checked at each delivery); one naming an address must name
 * a public one. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE, development and tests) admits
 * `http://` and every address.
 */
export function webhookUrlProblem(url: string, allowPrivate: boolean): WebhookUrlProblem | null {
  const parsed = new URL(url);
  // Credentials in a URL would be shown on the screen and kept in the log; the signature is the proof.
  if (parsed.username !== '' || parsed.password !== '') return 'credentials';
  if (allowPrivate) return null;
  if (parsed.protocol !== 'https:') return 'not_https';
  const host = parsed.hostname;
  if (isLocalName(host)) return 'private_address';
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 && !isPublicAddress(host)) return 'private_address';
  return null;
}
