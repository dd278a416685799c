/**
 * Verified domains (docs/product.md, "Single sign-on"; docs/decisions/064-verified-domains.md):
 * the e-mail domains an organization claims and proves it owns with a DNS TXT record, which
 * single sign-on routes by. A claim waits until its record is found (or staff verify it by
 * hand); a domain is verified for at most one organization.
 */
import { z } from 'zod';
import { DOMAIN_MAX } from './email-domain.js';
import { organizationIdParams } from './organizations.js';
import { route } from './route.js';
import { text } from './text.js';

/** The TXT record's name is this label before the domain; its value is the prefix and the claim's token. */
export const DOMAIN_VERIFICATION_RECORD_LABEL = '_workframe-verification';
export const DOMAIN_VERIFICATION_VALUE_PREFIX = 'workframe-verification=';
/** Claims an organization may hold, verified or not: each is checked in DNS by a periodic job. */
export const DOMAINS_PER_ORGANIZATION_MAX = 20;
/** The job looks for a pending claim's record this often, for this long after the claim; "Verify now" at any time. */
export const DOMAIN_RECHECK_MINUTES = 15;
export const DOMAIN_RECHECK_DAYS = 7;

/** Where the record goes: `_workframe-verification.acme.example`. */
export const domainRecordName = (domain: string) => `${DOMAIN_VERIFICATION_RECORD_LABEL}.${domain}`;
/** What it holds: `workframe-verification=<token>`. */
export const domainRecordValue = (token: string) => `${DOMAIN_VERIFICATION_VALUE_PREFIX}${token}`;

/** Why a domain cannot be claimed (`details.reason` of DOMAIN_INVALID). */
export const domainProblems = ['invalid', 'public', 'staff'] as const;
export type DomainProblem = (typeof domainProblems)[number];

/**
 * What the last look in DNS found: no TXT record at the name, TXT records there but none with
 * the expected value, or no answer (a DNS failure or timeout: try again later).
 */
export const domainCheckErrors = ['no_record', 'wrong_value', 'dns_error', 'taken'] as const;
export type DomainCheckError = (typeof domainCheckErrors)[number];

export const domainVerifiedBy = ['dns', 'staff'] as const;

export const domainView = z.object({
  id: z.uuid(),
  domain: z.string().describe('Lower case, internationalized names in punycode, no trailing dot'),
  status: z.enum(['pending', 'verified']),
  recordName: z
    .string()
    .describe('The name of the TXT record that proves ownership')
    .meta({
      examples: ['_workframe-verification.acme.example'],
    }),
  recordValue: z.string().describe('The value that record must hold'),
  createdAt: z.string().describe('ISO 8601'),
  verifiedAt: z.string().nullable().describe('ISO 8601; null while pending'),
  verifiedBy: z.enum(domainVerifiedBy).nullable().describe('`dns`: the record was found; `staff`: verified by hand by the provider'),
  lastCheckedAt: z.string().nullable().describe('When DNS was last looked at (ISO 8601)'),
  lastCheckError: z
    .enum(domainCheckErrors)
    .nullable()
    .describe(
      'Why the last look failed: `no_record` (no TXT record at recordName), `wrong_value` (TXT records, none with recordValue), ' +
        '`dns_error` (no answer), `taken` (verified by another organization); null after a success or before any look',
    ),
});
export type DomainView = z.infer<typeof domainView>;

export const claimDomainBody = z.object({
  domain: text()
    .trim()
    .min(1, 'required')
    .max(DOMAIN_MAX * 4, 'tooLong')
    .describe('The e-mail domain, as people’s addresses end: `acme.example`')
    .meta({ examples: ['acme.example'] }),
});
export type ClaimDomainBody = z.infer<typeof claimDomainBody>;

export const domainIdParams = z.object({ id: z.uuid().describe("The domain's id") });
export const organizationDomainParams = organizationIdParams.extend({ domainId: z.uuid() });
export const domainsResponse = z.object({ domains: z.array(domainView).describe('Oldest first') });
export const domainResponse = z.object({ domain: domainView });
export const removedDomainResponse = z.object({ removedDomain: domainView });

export const domainErrorCodes = {
  /** 400: not a domain name, a public mail service's, or the staff domain's (`details.reason`: a DomainProblem). */
  invalid: 'DOMAIN_INVALID',
  /** 409: the organization already claimed this domain. */
  exists: 'DOMAIN_EXISTS',
  /** 409: another organization verified this domain. */
  taken: 'DOMAIN_TAKEN',
  /** 409: the organization holds DOMAINS_PER_ORGANIZATION_MAX claims. */
  limitReached: 'DOMAIN_LIMIT',
  notFound: 'DOMAIN_NOT_FOUND',
} as const;

/** The caller's organization's domains, for its Organizational Admins (the Single sign-on screen). */
export const domainRoutes = {
  list: route({ method: 'GET', path: '/domains', operationId: 'listDomains', response: domainsResponse }),
  claim: route({
    method: 'POST',
    path: '/domains',
    operationId: 'claimDomain',
    body: claimDomainBody,
    response: domainResponse,
    status: 201,
  }),
  verify: route({
    method: 'POST',
    path: '/domain/:id/verify',
    operationId: 'verifyDomain',
    params: domainIdParams,
    response: domainResponse,
  }),
  remove: route({
    method: 'DELETE',
    path: '/domain/:id',
    operationId: 'removeDomain',
    params: domainIdParams,
    response: removedDomainResponse,
  }),
};

/** An organization's domains in the Super area: staff read them, staff who may change verify one by hand. */
export const organizationDomainRoutes = {
  list: route({
    method: 'GET',
    path: '/organization/:id/domains',
    operationId: 'listOrganizationDomains',
    params: organizationIdParams,
    response: domainsResponse,
  }),
  verify: route({
    method: 'POST',
    path: '/organization/:id/domains/:domainId/verify',
    operationId: 'verifyOrganizationDomain',
    params: organizationDomainParams,
    response: domainResponse,
  }),
};
