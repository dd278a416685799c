/**
 * Verified domains (docs/product.md, "Single sign-on"; docs/decisions/064-verified-domains.md):
 * an organization's Organizational Admins claim e-mail domains and prove each with a DNS TXT
 * record; staff read them and may verify one by hand; a job looks again for pending claims.
 * A domain is verified for at most one organization (the partial unique index decides a race).
 * Every change is an event of the organization's trail, so its webhooks carry it.
 */
import {
  type ClaimDomainBody,
  DOMAIN_RECHECK_DAYS,
  DOMAINS_PER_ORGANIZATION_MAX,
  type DomainCheckError,
  type DomainProblem,
  type DomainView,
  domainErrorCodes,
  domainRecordName,
  domainRecordValue,
  type EventAction,
  type EventActor,
  isPublicMailDomain,
  isStaffDomain,
  normalizeDomain,
} from '@console/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { AppError, Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { randomToken } from '../../http/secrets.js';
import { actorOf, recordEvent, systemActor } from '../events/record.js';
import { checkDomainRecord, checkErrorMessage, type DnsTxtResolver } from './domain-verification.js';
import { CLAIMED_DOMAIN_KEY, type DomainRow, type DomainsRepository, VERIFIED_DOMAIN_KEY } from './domains.repository.js';

const DAY_MS = 86_400_000;
/** Pending claims one run of the recheck job looks at, the longest unchecked first. */
const RECHECK_BATCH = 200;

export function toDomainView(row: DomainRow): DomainView {
  return {
    id: row.id,
    domain: row.domain,
    status: row.verifiedAt ? 'verified' : 'pending',
    recordName: domainRecordName(row.domain),
    recordValue: domainRecordValue(row.verificationToken),
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verifiedBy: row.verifiedBy === 'dns' || row.verifiedBy === 'staff' ? row.verifiedBy : null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastCheckError: (row.lastCheckError as DomainCheckError | null) ?? null,
  };
}

const PROBLEM_MESSAGES: Record<DomainProblem, string> = {
  invalid: 'This is not a domain name: give the part of your addresses after the @, such as acme.example.',
  public: 'This is the domain of a public mail service: anyone can have an address there, so no organization can claim it.',
  staff: "This is the provider's own domain: it cannot be claimed by an organization.",
};
const domainInvalid = (reason: DomainProblem) => new ValidationError(PROBLEM_MESSAGES[reason], { reason }, domainErrorCodes.invalid);
export const domainNotFound = () => new NotFound('Domain not found.', domainErrorCodes.notFound);
const domainTaken = (domain: string) => new Conflict(checkErrorMessage('taken', domain), domainErrorCodes.taken);

const isTaken = (err: unknown) => err instanceof AppError && err.code === domainErrorCodes.taken;

type DomainAction = Extract<EventAction, `domain.${string}`>;

export function createDomainsService(deps: {
  db: Db;
  repo: DomainsRepository;
  clock: Clock;
  resolver: DnsTxtResolver;
  staffEmailDomain: string;
}) {
  const { db, repo, clock, resolver } = deps;

  const record = (tx: Tx, actor: EventActor, row: DomainRow, action: DomainAction, data?: Record<string, unknown>) =>
    recordEvent(tx, {
      action,
      organizationId: row.organizationId,
      actor,
      targets: [{ type: 'domain', id: row.id, name: row.domain }],
      data,
    });

  async function own(organizationId: string, id: string) {
    const row = await repo.findById(organizationId, id);
    if (!row) throw domainNotFound();
    return row;
  }

  /** The domain as it is stored, or why it may not be claimed. */
  function claimable(input: string): string {
    const domain = normalizeDomain(input);
    if (!domain) throw domainInvalid('invalid');
    if (isStaffDomain(domain, deps.staffEmailDomain)) throw domainInvalid('staff');
    if (isPublicMailDomain(domain)) throw domainInvalid('public');
    return domain;
  }

  /**
   * Verifies a pending claim: refused when another organization verified the domain, checked
   * first and decided by the unique index when two verify at once (the second transaction fails).
   */
  async function markVerified(row: DomainRow, verifiedBy: 'dns' | 'staff', actor: EventActor): Promise<DomainRow> {
    try {
      return await db.transaction(async (tx) => {
        if (await repo.verifiedElsewhere(row.organizationId, row.domain, tx)) throw domainTaken(row.domain);
        const verified = await repo.markVerified(row.id, { verifiedBy, now: clock.now() }, tx);
        // Verified meanwhile (a second click, the job) or removed: answer what is there.
        if (!verified) return (await repo.findById(row.organizationId, row.id, tx)) ?? Promise.reject(domainNotFound());
        await record(tx, actor, verified, 'domain.verified', { verifiedBy });
        return verified;
      });
    } catch (err) {
      if (isUniqueViolation(err, VERIFIED_DOMAIN_KEY)) throw domainTaken(row.domain);
      throw err;
    }
  }

  /** Looks in DNS; `actor` is who asked (a failure is recorded as their event), the system for the job (not recorded). */
  async function lookAndVerify(row: DomainRow, actor: EventActor | null): Promise<DomainRow> {
    if (row.verifiedAt) return row;
    const error = await checkDomainRecord(resolver, row.domain, row.verificationToken);
    if (!error) return markVerified(row, 'dns', actor ?? systemActor);
    return db.transaction(async (tx) => {
      const checked = (await repo.recordCheck(row.id, { error, now: clock.now() }, tx)) ?? row;
      if (actor) await record(tx, actor, checked, 'domain.verification_failed', { error, recordName: domainRecordName(row.domain) });
      return checked;
    });
  }

  return {
    async list(auth: AuthContext) {
      return { domains: (await repo.list(auth.organizationId)).map(toDomainView) };
    },

    async claim(auth: AuthContext, body: ClaimDomainBody) {
      const domain = claimable(body.domain);
      try {
        return await db.transaction(async (tx) => {
          // Counted with the organization's row locked against concurrent claims, so the cap holds.
          if ((await repo.countForCreate(auth.organizationId, tx)) >= DOMAINS_PER_ORGANIZATION_MAX) {
            throw new Conflict(
              `This organization already has ${DOMAINS_PER_ORGANIZATION_MAX} domains, the most allowed: remove one first.`,
              domainErrorCodes.limitReached,
              { max: DOMAINS_PER_ORGANIZATION_MAX },
            );
          }
          const row = await repo.insert(
            { organizationId: auth.organizationId, domain, verificationToken: randomToken(), now: clock.now() },
            tx,
          );
          await record(tx, actorOf(auth), row, 'domain.claimed', { recordName: domainRecordName(domain) });
          return { domain: toDomainView(row) };
        });
      } catch (err) {
        if (isUniqueViolation(err, CLAIMED_DOMAIN_KEY))
          throw new Conflict(`${domain} is claimed by this organization already.`, domainErrorCodes.exists);
        throw err;
      }
    },

    /** "Verify now": answers the domain, verified or with why not (lastCheckError). */
    async verify(auth: AuthContext, id: string) {
      return { domain: toDomainView(await lookAndVerify(await own(auth.organizationId, id), actorOf(auth))) };
    },

    /** Single sign-on stops routing the domain's addresses to the organization. */
    async remove(auth: AuthContext, id: string) {
      return db.transaction(async (tx) => {
        const row = await repo.remove(auth.organizationId, id, tx);
        if (!row) throw domainNotFound();
        await record(tx, actorOf(auth), row, 'domain.removed', { wasVerified: !!row.verifiedAt });
        return { removedDomain: toDomainView(row) };
      });
    },

    /** The Super area: an organization's domains. */
    async organizationDomains(organizationId: string) {
      return { domains: (await repo.list(organizationId)).map(toDomainView) };
    },

    /** The Super area: staff vouch for the claim (the customer showed ownership another way); recorded as theirs. */
    async verifyByStaff(auth: AuthContext, organizationId: string, id: string) {
      const row = await own(organizationId, id);
      if (row.verifiedAt) return { domain: toDomainView(row) };
      return { domain: toDomainView(await markVerified(row, 'staff', actorOf(auth))) };
    },

    /** The recheck job: each pending claim of the last DOMAIN_RECHECK_DAYS days looked for again; how many were verified. */
    async recheckPending(): Promise<{ checked: number; verified: number }> {
      const since = new Date(clock.now().getTime() - DOMAIN_RECHECK_DAYS * DAY_MS);
      const rows = await repo.pendingSince(since, RECHECK_BATCH);
      let verified = 0;
      for (const row of rows) {
        try {
          if ((await lookAndVerify(row, null)).verifiedAt) verified++;
        } catch (err) {
          // Taken by another organization: the claim shows it (a person's call answers 409 and changes nothing); the next claims go on.
          if (!isTaken(err)) throw err;
          await repo.recordCheck(row.id, { error: 'taken', now: clock.now() });
        }
      }
      return { checked: rows.length, verified };
    },

    /** The organization that verified the address's domain, if any: single sign-on routes by it. */
    async organizationForVerifiedDomain(domain: string): Promise<string | null> {
      const normalized = normalizeDomain(domain);
      return normalized ? repo.organizationForVerifiedDomain(normalized) : null;
    },

    async verifiedDomains(organizationId: string): Promise<string[]> {
      return repo.verifiedDomains(organizationId);
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
