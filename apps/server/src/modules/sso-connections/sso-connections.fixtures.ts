/**
 * What every kind of connection must refuse, checked through each kind's own round trip
 * (OpenID Connect's callback, SAML's ACS): a connection signs in only its organization's
 * people, never another organization's nor a staff address, keeps why, records the refusal as
 * an event, and opens no session.
 */
import { expect } from 'vitest';
import { sessions } from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * The connection's last refusal is also its newest `sso_connection.sign_in_refused` event: the
 * system's, naming the connection, with the refusal's code and words and nothing else (no
 * secret, token or assertion can ride along).
 */
export async function expectRefusalRecorded(t: TestApp, connectionId: string, refusal: { reasonCode: string; reason: string }) {
  const recorded = await eventsOf(t.database.db, { action: 'sso_connection.sign_in_refused', targetId: connectionId });
  const event = recorded.at(-1);
  expect(event?.actor).toMatchObject({ type: 'system', id: null });
  expect(event?.targets).toEqual([{ type: 'sso_connection', id: connectionId, name: expect.any(String) }]);
  expect(event?.data).toEqual({ reasonCode: refusal.reasonCode, reason: refusal.reason });
  return event;
}

export async function expectOnlyItsOwnOrganization(
  t: TestApp,
  connectionId: string,
  through: {
    /** The whole round trip for the person the identity provider vouches for. */
    roundTrip: (connectionId: string, login: string) => Promise<{ headers: Record<string, unknown> }>;
    lastRefusal: (connectionId: string) => Promise<{ reasonCode: string; reason: string } | undefined>;
  },
  people: { otherOrganization: string; staff: string },
) {
  const before = (await t.database.db.select().from(sessions)).length;
  expect((await through.roundTrip(connectionId, people.otherOrganization)).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
  const other = await through.lastRefusal(connectionId);
  expect(other).toMatchObject({ reasonCode: 'other_organization' });
  await expectRefusalRecorded(t, connectionId, other as { reasonCode: string; reason: string });
  expect((await through.roundTrip(connectionId, people.staff)).headers.location).toBe('/auth/oidc/error?code=SSO_FAILED');
  const staff = await through.lastRefusal(connectionId);
  expect(staff).toMatchObject({ reasonCode: 'staff_address' });
  await expectRefusalRecorded(t, connectionId, staff as { reasonCode: string; reason: string });
  expect((await t.database.db.select().from(sessions)).length).toBe(before);
}
