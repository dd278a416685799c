/** The foreign-address rule as the composition root builds it, on a test's database, with a test's own log and budget. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { createRateLimitHitsRepository } from '../db/rate-limit-hits.repository.js';
import type { Clock } from '../deps.js';
import { createForeignEmailRule } from '../modules/users/foreign-emails.js';
import { createForeignEmailsRepository } from '../modules/users/foreign-emails.repository.js';

export function foreignEmailRuleOn(db: Db, options: { perDay: number; clock: Clock; log?: FastifyBaseLogger }) {
  return createForeignEmailRule({
    db,
    counters: createRateLimitHitsRepository(db),
    repo: createForeignEmailsRepository(db),
    ...options,
  });
}
