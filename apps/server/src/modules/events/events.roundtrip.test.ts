/**
 * Any event recorded reads back as it was written: actions of the one list, every kind of
 * actor (with or without address and user agent), targets and data of any text and shape
 * (NUL aside: PostgreSQL's text and jsonb cannot hold it), through the recorder's one INSERT
 * and the contracts' view.
 */
import { eventActions, eventActorTypes, eventTargetTypes, eventView } from '@console/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';
import { type NewEvent, recordEvent, storable } from './record.js';

const text = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('\u0000'));
// What JSON carries: fast-check's jsonValue may hold -0, which JSON (and so jsonb) writes as 0.
const json: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 3 })
  .filter((v) => !JSON.stringify(v).includes('\\u0000'))
  .map((v) => JSON.parse(JSON.stringify(v)));

describe('events read back as written', () => {
  let database: Database;
  let orgId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    orgId = (await createOrganization(database.db)).id;
  });
  afterAll(() => database.close());
  /** The events read back so far: the next new one is the one just written. */
  const seen = new Set<string>();

  it('for any action, actor, targets and data', async () => {
    const event = fc.record({
      action: fc.constantFrom(...eventActions),
      actor: fc.record(
        {
          type: fc.constantFrom(...eventActorTypes),
          id: fc.option(fc.uuid(), { nil: null }),
          name: text,
          ip: fc.oneof(fc.ipV4(), fc.ipV6()),
          userAgent: text,
        },
        { requiredKeys: ['type', 'id', 'name'] },
      ),
      targets: fc.array(fc.record({ type: fc.constantFrom(...eventTargetTypes), id: text, name: text }), { maxLength: 3 }),
      data: fc.dictionary(text, json, { maxKeys: 4, noNullPrototype: true }),
    });
    await fc.assert(
      fc.asyncProperty(event, async (e) => {
        const written: NewEvent = { ...e, organizationId: orgId, data: e.data as Record<string, unknown> };
        const before = (await eventsOf(database.db, { organizationId: orgId })).length;
        await database.db.transaction((tx) => recordEvent(tx, written));
        const all = await eventsOf(database.db, { organizationId: orgId });
        expect(all).toHaveLength(before + 1);
        const read = all.find((r) => !seen.has(r.id));
        if (!read) throw new Error('the event was not read back');
        seen.add(read.id);
        expect(eventView.parse(read)).toEqual(read);
        const { action, actor, targets, data } = read;
        // As the recorder stores them (storable): the generated text is well formed and has no NUL,
        // so only a `__proto__` key of the data can differ.
        expect({ action, actor, targets, data }).toEqual({ action: e.action, actor: e.actor, targets: e.targets, data: storable(e.data) });
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a lone surrogate or NUL as U+FFFD and leaves a __proto__ key out, rather than refusing the write', async () => {
    const data = JSON.parse('{"__proto__":{"polluted":true},"kept":{"__proto__":1,"name":"\\ud800"}}');
    const ownOrg = (await createOrganization(database.db)).id;
    await database.db.transaction((tx) =>
      recordEvent(tx, {
        action: 'scim.group.created',
        organizationId: ownOrg,
        actor: { type: 'scim_token', id: null, name: 'a\u0000b' },
        targets: [{ type: 'scim_group', id: 'g', name: '\ud800x' }],
        data,
      }),
    );
    const [read] = await eventsOf(database.db, { organizationId: ownOrg });
    expect(read.actor.name).toBe('a\ufffdb');
    expect(read.targets).toEqual([{ type: 'scim_group', id: 'g', name: '\ufffdx' }]);
    expect(read.data).toEqual({ kept: { name: '\ufffd' } });
    expect(Object.hasOwn(read.data, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
