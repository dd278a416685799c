/**
 * The domain of an e-mail address as mail and DNS read it, so that one rule sees one
 * domain however it was written: `x@WORKFRAME.IO.` (upper case, the root's trailing dot),
 * `x@ｗｏｒｋｆｒａｍｅ.io` (Unicode that IDNA maps onto ASCII) and `x@eu.workframe.io`
 * (a subdomain) are all of the provider's staff domain. The WHATWG URL parser applies
 * UTS 46 (NFC, case folding, IDN to ASCII) in browsers and Node alike.
 */
import { text } from './text.js';

/** The WHATWG URL of browsers and Node; the contracts compile without either's library types. */
declare const URL: new (input: string) => { hostname: string };

/** The address's domain in its ASCII, lower-case form without a trailing dot; null when it is no host name. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  const domain = email
    .slice(at + 1)
    .normalize('NFC')
    .trim();
  if (at < 0 || domain === '' || /[\s/?#\\@:[\]%]/.test(domain)) return null;
  try {
    const host = new URL(`http://${domain}`).hostname;
    return host.replace(/\.+$/, '') || null;
  } catch {
    return null;
  }
}

/**
 * Whether the address is of the staff domain or one of its subdomains. Such an address
 * belongs to the provider's staff, never to a customer organization: every writer of users
 * refuses it (an address that is no host name is not of it).
 */
export function isStaffDomainAddress(email: string, staffEmailDomain: string): boolean {
  const staff = emailDomain(`@${staffEmailDomain}`);
  const domain = emailDomain(email);
  return !!staff && !!domain && (domain === staff || domain.endsWith(`.${staff}`));
}

/**
 * An address as the console stores it and looks it up, so that one person is one address
 * however it was typed: Unicode in NFC, no surrounding spaces, and the domain as emailDomain
 * reads it (lower case, IDN in ASCII, no trailing dot): `Ana@ACME.example.` is
 * `Ana@acme.example`. The part before the @ keeps its case: mail may tell `Ana` from `ana`,
 * and the console already compares addresses without case (the users' address is citext),
 * so two spellings never make two people. Something that is no address comes back only
 * trimmed and in NFC, for the address checks to refuse it as it was written.
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.normalize('NFC').trim();
  const at = trimmed.lastIndexOf('@');
  const domain = at > 0 ? emailDomain(trimmed) : null;
  // The URL parser reads `1.2.3` as an IPv4 address (`1.2.0.3`): a domain of digits is left as it came.
  if (!domain || /^[\d.]+$/.test(domain)) return trimmed;
  return `${trimmed.slice(0, at)}@${domain}`;
}

/** `text()` for an address a request carries: normalized (normalizeEmail) before the chain's own checks. */
export const emailText = () => text().overwrite(normalizeEmail);

/** The longest domain name DNS carries (RFC 1035), and its longest label. */
export const DOMAIN_MAX = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain an organization claims, in the one form it is stored and compared in: as
 * emailDomain reads an address's domain (NFC, lower case, IDN in punycode, no trailing dot),
 * so `ACME.example.` and `acme.example` are one claim. Null when it is no domain name: a
 * control or format character (the URL parser would silently drop a tab), an @, a single label,
 * a label over 63 characters or outside letters, digits and inner hyphens, more than 253
 * characters, or an IP address (a numeric last label: no top-level domain is digits).
 */
export function normalizeDomain(input: string): string | null {
  if (/[\p{Cc}\p{Cf}@]/u.test(input)) return null;
  const domain = emailDomain(`@${input.trim()}`);
  if (!domain || domain.length > DOMAIN_MAX) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  return /^\d+$/.test(labels[labels.length - 1]) ? null : domain;
}

/** Whether the domain (normalized) is the staff domain or one of its subdomains. */
export function isStaffDomain(domain: string, staffEmailDomain: string): boolean {
  return isStaffDomainAddress(`x@${domain}`, staffEmailDomain);
}
