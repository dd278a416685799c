/**
 * Using a one-time link (an invitation, a sign-in link, a password reset): in one
 * transaction the link is spent (only one of concurrent requests gets it), the person it is
 * for is read, what the link does is done, and the event is recorded with the person as
 * actor (they proved who they are through their mailbox) and target.
 *
 *   const person = await useOneTimeLink(db, client, {
 *     spend: (tx) => tokens.consume('invitation', hashSecret(token), now, tx),
 *     person: (userId, tx) => repo.findPerson(userId, tx),
 *     apply: (tx, person) => users.setPasswordHash(person.userId, hash, tx),
 *     action: 'user.invitation_accepted',
 *   });
 *   if (!person) throw invalidLink();
 *
 * Undefined when the link no longer works or its person may no longer use it: the link is
 * then spent (when `spend` took it) and nothing else changed.
 */
import type { EventAction, EventData } from '@console/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { RequestClient } from '../../http/auth-context.js';
import { recordEvent } from '../events/record.js';

export interface LinkPerson {
  userId: string;
  displayName: string;
  organizationId: string;
}

export interface LinkUse<P extends LinkPerson> {
  /** Marks the link used; the user it is for, or undefined when it no longer works. */
  spend: (tx: Tx) => Promise<{ userId: string } | undefined>;
  /** The person, or undefined when they may not use the link (disabled since it was sent). */
  person: (userId: string, tx: Tx) => Promise<P | undefined>;
  /** What the link does, in the same transaction. */
  apply?: (tx: Tx, person: P) => Promise<void>;
  action: EventAction;
  data?: EventData;
}

export async function useOneTimeLink<P extends LinkPerson>(db: Db, client: RequestClient, use: LinkUse<P>): Promise<P | undefined> {
  return db.transaction(async (tx) => {
    const spent = await use.spend(tx);
    if (!spent) return undefined;
    const person = await use.person(spent.userId, tx);
    if (!person) return undefined;
    await use.apply?.(tx, person);
    const who = { type: 'user' as const, id: person.userId, name: person.displayName };
    await recordEvent(tx, {
      action: use.action,
      organizationId: person.organizationId,
      actor: { ...who, ...client },
      targets: [who],
      ...(use.data && { data: use.data }),
    });
    return person;
  });
}
