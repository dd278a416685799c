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
  return tr(`auditTrail:sentences.${event.action}`, {
    actor: actorName(t, event.actor),
    target: named(0),
    second: named(1),
    setting: key ? settingLabel(t, key) : tr('auditTrail:unnamed'),
  });
}
