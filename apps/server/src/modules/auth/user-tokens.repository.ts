/** SQL of single-use tokens sent to people (invitations, sign-in links, password resets). Only hashes are stored. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { organizations, users, userTokens } from '../../db/schema.js';

export type UserTokenKind = 'invitation' | 'sign_in_link' | 'password_reset';

export interface NewUserToken {
  userId: string;
  kind: UserTokenKind;
  tokenHash: string;
  createdBy: string | null;
  now: Date;
  expiresAt: Date;
  usedAt?: Date;
}

export function createUserTokensRepository(root: Db) {
  return {
    async insert(t: NewUserToken, db: Db = root) {
      const [row] = await db
        .insert(userTokens)
        .values({
          userId: t.userId,
          kind: t.kind,
          tokenHash: t.tokenHash,
          createdBy: t.createdBy,
          createdAt: t.now,
          expiresAt: t.expiresAt,
          usedAt: t.usedAt ?? null,
        })
        .returning({ id: userTokens.id, expiresAt: userTokens.expiresAt });
      return row;
    },

    /** Ends the unused tokens of a kind for a user (a new invitation replaces the old one). */
    async retire(userId: string, kind: UserTokenKind, now: Date, db: Db = root): Promise<void> {
      await db
        .update(userTokens)
        .set({ usedAt: now, replacedAt: now })
        .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
    },

    /**
     * Uses a token once: only one of several concurrent requests gets the row back.
     * Undefined when unknown, of another kind, used already or expired.
     */
    async consume(kind: UserTokenKind, tokenHash: string, now: Date, db: Db = root) {
      const [row] = await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(
          and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.kind, kind), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)),
        )
        .returning({ id: userTokens.id, userId: userTokens.userId });
      return row;
    },

    /** The user of a token that would work now (its page checks it on load), without using it up. */
    async findUsable(kind: UserTokenKind, tokenHash: string, now: Date, db: Db = root) {
      const [row] = await db
        .select({ id: userTokens.id, userId: userTokens.userId })
        .from(userTokens)
        .where(
          and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.kind, kind), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)),
        );
      return row;
    },

    /**
     * A token as its page finds it, whether or not it still works (unknown: undefined), with
     * the person it is for and whether they or their organization were disabled since.
     */
    async findWithPerson(kind: UserTokenKind, tokenHash: string, db: Db = root) {
      const [row] = await db
        .select({
          userId: userTokens.userId,
          expiresAt: userTokens.expiresAt,
          usedAt: userTokens.usedAt,
          replacedAt: userTokens.replacedAt,
          email: users.email,
          displayName: users.displayName,
          role: users.role,
          disabled: sql<boolean>`(${users.disabledAt} is not null or ${organizations.disabledAt} is not null)`,
          organizationName: organizations.name,
          organizationAppUrl: organizations.platformAppUrl,
        })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.kind, kind)));
      return row;
    },

    async recordDelivery(id: string, outcome: { sentAt: Date } | { error: string }, db: Db = root): Promise<void> {
      await db
        .update(userTokens)
        .set('sentAt' in outcome ? { sentAt: outcome.sentAt, sendError: null } : { sendError: outcome.error.slice(0, 500) })
        .where(eq(userTokens.id, id));
    },

    /**
     * Who a message goes to, in what language (theirs, else their organization's, else that
     * of `sender`: the admin who invited them), with their role, organization and the
     * sender's name.
     */
    async findRecipient(userId: string, db: Db = root, sender?: string | null) {
      const inviter = alias(users, 'inviter');
      const [row] = await db
        .select({
          email: users.email,
          displayName: users.displayName,
          role: users.role,
          disabled: sql<boolean>`(${users.disabledAt} is not null or ${organizations.disabledAt} is not null)`,
          organizationId: users.organizationId,
          locale: sql<string | null>`coalesce(${users.locale}, ${organizations.locale}, ${inviter.locale})`,
          /** The person's own language, when they have one (a reset prefers it to the page's they asked from). */
          ownLocale: users.locale,
          organizationName: organizations.name,
          organizationAppUrl: organizations.platformAppUrl,
          invitedByName: inviter.displayName,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .leftJoin(inviter, sender ? eq(inviter.id, sender) : sql`false`)
        .where(eq(users.id, userId));
      return row;
    },
  };
}

export type UserTokensRepository = ReturnType<typeof createUserTokensRepository>;
