/**
 * An event written as a sentence in the reader's language ("Nadia Fischer rolled the access
 * key LMS sync"): one sentence per action (auditTrail:sentences.<action>, the dotted action
 * being the catalogue's path), with the actor's name, the first target's and, where the
 * action names two things, the second's. The console itself is "the console" in the reader's
 * language, the provider's staff as an organization sees them "the provider's staff"; a name
 * left empty reads "(no name)".
 */
import type { EventActor, EventView } from '@console/contracts/events';
import { settingLabel } from '../../lib/setting-text';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Who acted, as a sentence names them. */
export function actorName(t: unknown, actor: EventActor): string {
  const tr = t as Translate;
  if (actor.type === 'system') return tr('auditTrail:system');
  // An organization reads the provider's staff as no one in particular; staff read their own names.
  if (actor.type === 'staff' && !actor.id) return tr('auditTrail:staff');
  return actor.name.trim() || tr(`auditTrail:actorTypes.${actor.type}`);
}

export function eventSentence(t: unknown, event: EventView): string {
  const tr = t as Translate;
  const named = (i: number) => {
    const target = event.targets[i];
    return target ? target.name.trim() || tr('auditTrail:unnamed') : tr('auditTrail:unnamed');
  };
  const key = typeof event.data.key === 'string' ? event.data.key : '';
  return tr(`auditTrail:sentences.${sentenceKey(event)}`, {
    actor: actorName(t, event.actor),
    target: named(0),
    second: named(1),
    setting: key ? settingLabel(t, key) : tr('auditTrail:unnamed'),
  });
}

/** The changes that may turn something off or on (their data holds `before` and `after`). */
const SWITCHED = new Set(['webhook.updated', 'sso_connection.updated']);

/**
 * The sentence's path: a change that turned an endpoint or a connection off or on reads so
 * ("turned off the webhook …"), whatever else changed with it, since that is what its reader
 * acts on; any other change reads as its action.
 */
function sentenceKey(event: EventView): string {
  if (!SWITCHED.has(event.action)) return event.action;
  const { before, after } = event.data as { before?: { enabled?: unknown }; after?: { enabled?: unknown } };
  if (typeof before?.enabled !== 'boolean' || typeof after?.enabled !== 'boolean' || before.enabled === after.enabled) {
    return event.action;
  }
  return `${event.action.slice(0, event.action.lastIndexOf('.'))}.${after.enabled ? 'turned_on' : 'turned_off'}`;
}
