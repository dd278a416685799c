/**
 * What an organization sees of the provider's staff (decision 059): a change staff make in the
 * Super area reaches the organization's audit trail, its CSV and JSON lines exports, the events
 * API and its webhooks with the actor "staff", and nothing of who they are (id, name, e-mail),
 * where they called from or with what browser. Staff in the Super area read the event whole.
 */
import { staffAsCustomersSeeThem } from '@console/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, createWebhookEndpoint, newWebhookSecret } from '../../test/factories.js';
import { createAccessKey, idTokenFor, type SignedInStaff, signIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.js';

const STAFF_IP = '198.51.100.77';
const STAFF_BROWSER = 'StaffBrowser/9.9 (staff-workstation)';

describe('the provider’s staff as an organization sees them', () => {
  let t: TestApp;
  let orgId: string;
  let adminEmail: string;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let staff: SignedInStaff;
  let receiver: Receiver;
  let stop: AbortController | undefined;
  let pumped: Promise<number> | undefined;

  beforeAll(async () => {
    t = await createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const org = await createOrganization(t.database.db, { name: 'Acme' });
    orgId = org.id;
    const person = await createUser(t.database.db, orgId, { displayName: 'Ada Admin' });
    adminEmail = person.email!;
    admin = await signIn(t, adminEmail);
    staff = await signInStaff(t, { roles: ['read', 'update'], email: 'stella.staff@workframe.io' });
    const secret = newWebhookSecret();
    receiver = await startReceiver([secret]);
    await createWebhookEndpoint(t.database.db, orgId, { url: receiver.url, secret, eventTypes: ['organization.updated'] });
    // A Super-area change from the staff member's own address and browser.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/organization/${orgId}`,
      remoteAddress: STAFF_IP,
      headers: { ...staff.headers, 'user-agent': STAFF_BROWSER },
      payload: { name: 'Acme Renamed' },
    });
    expect(edit.statusCode).toBe(200);
  });
  afterEach(async () => {
    stop?.abort();
    await pumped;
    stop = undefined;
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  /** Nothing in the text names the staff member, their address or their browser. */
  function expectNoTraceOfStaff(text: string) {
    for (const trace of [staff.id, staff.email, 'stella', STAFF_IP, STAFF_BROWSER])
      expect(text.toLowerCase()).not.toContain(trace.toLowerCase());
  }

  const updatedIn = (events: { action: string }[]) => events.filter((e) => e.action === 'organization.updated');

  it('the audit trail shows "staff", and staff in the Super area still read who it was, from where', async () => {
    const res = await t.app.inject({ url: '/api/events', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(updatedIn(res.json().events)).toEqual([expect.objectContaining({ actor: staffAsCustomersSeeThem })]);
    expectNoTraceOfStaff(res.body);

    const forStaff = await t.app.inject({ url: `/api/organization/${orgId}/events`, headers: staff.headers });
    expect(updatedIn(forStaff.json().events)).toEqual([
      expect.objectContaining({ actor: { type: 'staff', id: staff.id, name: expect.any(String), ip: STAFF_IP, userAgent: STAFF_BROWSER } }),
    ]);
  });

  it.each(['csv', 'jsonl'])('the %s export shows "staff" and nothing of who, where or with what', async (format) => {
    const res = await t.app.inject({ url: `/api/events/export?format=${format}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('organization.updated');
    expectNoTraceOfStaff(res.body);
    if (format === 'jsonl') {
      const lines = res.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(updatedIn(lines)).toEqual([expect.objectContaining({ actor: staffAsCustomersSeeThem })]);
    } else {
      const line = res.body.split('\r\n').find((l) => l.includes('organization.updated'));
      expect(line?.split(',').slice(3, 8)).toEqual(['staff', '', 'staff', '', '']);
    }
  });

  it('the events API shows "staff"', async () => {
    const { accessKey } = await createAccessKey(t, admin.headers, 'Events reader');
    const token = await idTokenFor(t, adminEmail);
    const res = await t.app.inject({ url: '/api/v1/events', headers: { apiKey: accessKey, authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(updatedIn(res.json().events)).toEqual([expect.objectContaining({ actor: staffAsCustomersSeeThem })]);
    expectNoTraceOfStaff(res.body);
  });

  it('the organization’s webhook receives "staff"', async () => {
    stop = new AbortController();
    // The worker's pump, as the worker's job runs it.
    pumped = t.app.services.webhookDeliverer.pump({ forMs: 600_000, signal: stop.signal });
    const call = await until('the delivery', async () => receiver.received[0]);
    const body = JSON.parse(call.body);
    expect(body).toMatchObject({ type: 'organization.updated', data: { actor: staffAsCustomersSeeThem } });
    expect(body.data.actor).toEqual(staffAsCustomersSeeThem);
    expectNoTraceOfStaff(call.body);
  });
});
