/**
 * The Webhooks screens in jsdom against the scripted API: the list and its states, adding an
 * endpoint (the address checked before sending, the server's refusal in words, the secret
 * shown once), and an endpoint's page: roll, delete, test event, re-enable, and its delivery
 * log with filters, attempts, Retry and Resend.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_EMIT_DELAY_MS } from '../../lib/dialogs/AppDialog';
import { formatDateTime } from '../../lib/format';
import { renderSignedIn, screenPosts } from '../../test/app';
import { aDelivery, aSecret, aWebhook, deliveryId, webhookId } from '../../test/webhooks';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const one = webhookId(1);

/**
 * The secret the reveal dialog shows, with its copy button. Looked up again on each try: the
 * dialog opens as the one before it closes, and an element held across that may be detached
 * (naming a detached element throws inside Testing Library).
 */
const revealedSecret = () =>
  waitFor(() => {
    const reveal = screen.getByRole('dialog', { name: 'The endpoint’s signing secret' });
    expect(within(reveal).getByRole('button', { name: 'Copy the secret' })).toBeTruthy();
    return within(reveal).getByTestId('revealed-key').textContent;
  });

describe('the webhooks list', () => {
  it('lists the endpoints with their event types and state, each a link to its page', async () => {
    renderSignedIn('/webhooks', {
      api: {
        'GET /api/webhooks': () => ({
          body: {
            webhooks: [
              aWebhook(1),
              aWebhook(2, { eventTypes: ['user.created', 'user.disabled'], enabled: false, disabledAt: '2026-11-22T10:00:00.000Z' }),
              aWebhook(3, {
                eventTypes: ['user_import.completed'],
                enabled: false,
                disabledReason: 'failing',
                disabledAt: '2026-11-22T10:00:00.000Z',
                failingSince: '2026-11-17T10:00:00.000Z',
              }),
            ],
            total: 3,
          },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Endpoint', 'Event types', 'State']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['https://hooks1.acme.example/workframeReceiver 1', 'All event types', 'Enabled'],
      ['https://hooks2.acme.example/workframeReceiver 2', '2 event types', 'Disabled'],
      ['https://hooks3.acme.example/workframeReceiver 3', 'Import completed', 'Disabled after failing for 5 days'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'https://hooks1.acme.example/workframe' }).getAttribute('href')).toBe(
      `/webhooks/${one}`,
    );
    expect(screen.getByText('3 of 3 endpoints shown')).toBeTruthy();
  });

  it('says when there is no endpoint, and shows a failure in words with Retry', async () => {
    let fail = true;
    const user = userEvent.setup();
    renderSignedIn('/webhooks', {
      api: {
        'GET /api/webhooks': () =>
          fail ? { status: 503, body: { statusCode: 503, code: 'BOOM', message: 'boom' } } : { body: { webhooks: [], total: 0 } },
      },
    });
    const failure = await screen.findByTestId('list-failed');
    expect(failure.textContent).toContain('The endpoints could not be loaded.');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('list-empty')).textContent).toBe('No endpoint yet. Add one to receive events.');
  });

  it('speaks the reader’s language', async () => {
    renderSignedIn('/fr/webhooks', { api: { 'GET /api/webhooks': () => ({ body: { webhooks: [aWebhook(1)], total: 1 } }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    expect(await screen.findByText('Tous les types d’événement')).toBeTruthy();
    expect(screen.getByText('Activé')).toBeTruthy();
  });
});

/** The add dialog, looked up afresh at each step: its nodes are not held across renders. */
const addDialog = () => screen.getByRole('dialog', { name: 'Add an endpoint' });

/**
 * Clicks the add dialog's Add endpoint once it takes clicks, and returns once the click's save
 * has been emitted (the dialog emits it DIALOG_EMIT_DELAY_MS later) and its submit has ended: a
 * field checked as it is typed shows its message before that, and typing on at once would let
 * the late save submit the next value.
 */
async function submitAdd(user: ReturnType<typeof userEvent.setup>) {
  const add = () => within(addDialog()).getByRole('button', { name: 'Add endpoint' }) as HTMLButtonElement;
  await waitFor(() => expect(add().disabled).toBe(false));
  await user.click(add());
  await new Promise((resolve) => setTimeout(resolve, DIALOG_EMIT_DELAY_MS));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add an endpoint' }) === null || !add().disabled).toBe(true));
}

/** The list with no endpoint and the "Add an endpoint" dialog open; `create` answers the POST. */
async function openAddDialog(create: (body: unknown) => { status?: number; body: unknown }) {
  const user = userEvent.setup();
  const { calls } = renderSignedIn('/webhooks', {
    api: {
      'GET /api/webhooks': () => ({ body: { webhooks: [], total: 0 } }),
      'POST /api/webhooks': ({ body }) => create(body),
    },
  });
  const opener = await screen.findByRole('button', { name: 'Add endpoint' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
  return { user, calls, dialog, opener };
}

describe('adding an endpoint', () => {
  it('checks the address before sending, then shows the new secret once', async () => {
    const { user, calls } = await openAddDialog((body) => ({
      status: 201,
      body: { webhook: aWebhook(1, body as object), secret: aSecret() },
    }));
    // Looked up afresh at each step, as a person reads the screen: the dialog's nodes are not held.
    const url = () => within(addDialog()).getByRole('textbox', { name: 'Endpoint URL' });
    await waitFor(() => expect(document.activeElement).toBe(url()));
    await submitAdd(user);
    expect(await within(addDialog()).findByText('Enter the address events are sent to.')).toBeTruthy();
    await user.type(url(), 'http://hooks.acme.example/in');
    await submitAdd(user);
    expect(
      await within(addDialog()).findByText('Use an https:// address: events are sent only over an encrypted connection.'),
    ).toBeTruthy();
    await user.clear(url());
    await user.type(url(), 'not an address');
    await submitAdd(user);
    expect(
      await within(addDialog()).findByText('This is not a web address: it starts with https:// followed by a host name.'),
    ).toBeTruthy();
    expect(screenPosts(calls)).toEqual([]);

    await user.clear(url());
    await user.type(url(), 'https://hooks.acme.example/in');
    await user.type(within(addDialog()).getByRole('textbox', { name: 'Description' }), 'HR system');
    await submitAdd(user);

    expect(await revealedSecret()).toBe(aSecret());
    expect(screenPosts(calls).map((c) => c.body)).toEqual([
      { url: 'https://hooks.acme.example/in', description: 'HR system', eventTypes: 'all' },
    ]);
  });

  it('sends the chosen event types, grouped by area, and asks for at least one', async () => {
    const { user, calls, dialog } = await openAddDialog((body) => ({
      status: 201,
      body: { webhook: aWebhook(1, body as object), secret: aSecret() },
    }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), 'https://hooks.acme.example/in');
    await user.click(within(dialog).getByRole('radio', { name: 'Only the event types I choose' }));
    await submitAdd(user);
    expect(await within(dialog).findByText('Choose at least one event type.')).toBeTruthy();
    expect(screenPosts(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /Event types/ }));
    const options = await screen.findByRole('listbox');
    // An area's line chooses all of its events.
    await user.click(within(options).getByRole('option', { name: 'User imports' }));
    // The Users area's, listed before Provisioning's of the same name.
    await user.click(within(options).getAllByRole('option', { name: 'User created' })[0]);
    await user.keyboard('{Escape}');
    // Counted in the words the endpoints' list uses.
    expect(within(dialog).getByRole('combobox', { name: /Event types/ }).textContent).toMatch(/^\d+ event types$/);
    await submitAdd(user);
    await screen.findByRole('dialog', { name: 'The endpoint’s signing secret' });
    const sent = screenPosts(calls)[0].body as { eventTypes: string[] };
    expect(sent.eventTypes).toContain('user_import.completed');
    expect(sent.eventTypes).toContain('user.created');
    expect(sent.eventTypes.every((a) => a.startsWith('user_import.') || a === 'user.created')).toBe(true);
  });

  it('shows the server’s refusal of an address on the field, in words', async () => {
    const { user, dialog } = await openAddDialog(() => ({
      status: 400,
      body: { statusCode: 400, code: 'WEBHOOK_URL_INVALID', message: 'private', details: { reason: 'private_address' } },
    }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), 'http://127.0.0.1:9999/in');
    await submitAdd(user);
    const said = 'This address is on a private network or this machine: events are sent only to addresses on the public internet.';
    await waitFor(() => expect(within(dialog).getAllByText(said).length).toBeGreaterThan(0));
    expect(screen.getByRole('dialog', { name: 'Add an endpoint' })).toBeTruthy();
  });

  it('closes on Escape before anything is typed, giving the focus back to its button', async () => {
    const { user, opener } = await openAddDialog(() => ({ body: {} }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

/** An endpoint's page: the endpoint, its log (these deliveries), and any other handlers. */
function openEndpoint(
  endpoint = aWebhook(1),
  deliveries = [aDelivery(1)],
  api: Parameters<typeof renderSignedIn>[1] extends infer O ? (O extends { api?: infer A } ? A : never) : never = {},
) {
  return renderSignedIn(`/webhooks/${endpoint.id}`, {
    api: {
      [`GET /api/webhook/${endpoint.id}`]: () => ({ body: { webhook: endpoint } }),
      [`GET /api/webhook/${endpoint.id}/deliveries`]: () => ({ body: { deliveries, next: null } }),
      ...api,
    },
  });
}

describe('an endpoint’s page', () => {
  it('rolls the secret after explaining the grace period, and shows the new one once', async () => {
    const user = userEvent.setup();
    const { calls } = openEndpoint(aWebhook(1), [], {
      [`POST /api/webhook/${one}/roll`]: () => ({
        body: { webhook: aWebhook(1, { previousSecretExpiresAt: '2999-01-01T00:00:00.000Z' }), secret: aSecret('B') },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeTruthy();
    expect(await screen.findByText('whsec_…1001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Roll secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll the signing secret' });
    expect(within(dialog).getByText(/During the grace period the old secret signs them too/)).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Roll the secret' }));
    expect(await revealedSecret()).toBe(aSecret('B'));
    expect(screenPosts(calls).map((c) => [c.path, c.body])).toEqual([[`/api/webhook/${one}/roll`, { gracePeriod: '7d' }]]);
  });

  it('deletes after a confirmation and goes back to the list', async () => {
    const user = userEvent.setup();
    const { calls, router } = openEndpoint(aWebhook(1), [], {
      [`DELETE /api/webhook/${one}`]: () => ({ body: { removedWebhook: aWebhook(1) } }),
      'GET /api/webhooks': () => ({ body: { webhooks: [], total: 0 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the endpoint?' });
    expect(within(confirm).getByText(/https:\/\/hooks1\.acme\.example\/workframe receives no more events/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('The endpoint was deleted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhooks'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/webhook/${one}`)).toBe(true);
  });

  it('sends a test event, and says so in words when the endpoint is disabled', async () => {
    const user = userEvent.setup();
    const { calls } = openEndpoint(aWebhook(1), [], {
      [`POST /api/webhook/${one}/test`]: () => ({
        status: 409,
        body: { statusCode: 409, code: 'WEBHOOK_DISABLED', message: 'disabled' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('This endpoint is disabled: enable it first.')).toBeTruthy();
    expect(screenPosts(calls).map((c) => c.path)).toEqual([`/api/webhook/${one}/test`]);
  });

  it('says when the next test event may go, once the endpoint has had its few a minute', async () => {
    const user = userEvent.setup();
    openEndpoint(aWebhook(1), [], {
      [`POST /api/webhook/${one}/test`]: () => ({
        status: 429,
        body: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many test events', details: { retryAfterSeconds: 42 } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Too many test events to this endpoint (at most 5 a minute). Try again in 42 seconds.')).toBeTruthy();
  });

  it('says when the next test event may go in the reader’s language', async () => {
    const user = userEvent.setup();
    renderSignedIn(`/fr/webhooks/${one}`, {
      api: {
        [`GET /api/webhook/${one}`]: () => ({ body: { webhook: aWebhook(1) } }),
        [`GET /api/webhook/${one}/deliveries`]: () => ({ body: { deliveries: [], next: null } }),
        [`POST /api/webhook/${one}/test`]: () => ({
          status: 429,
          body: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many test events', details: { retryAfterSeconds: 1 } },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Envoyer un événement de test' }));
    expect(
      await screen.findByText('Trop d’événements de test vers cet endpoint (au plus 5 par minute). Réessayez dans 1 seconde.'),
    ).toBeTruthy();
  });

  it('says an endpoint was disabled for failing, and enabling it offers to resend what it missed', async () => {
    const user = userEvent.setup();
    const failing = aWebhook(1, {
      enabled: false,
      disabledReason: 'failing',
      disabledAt: '2026-11-22T10:00:00.000Z',
      failingSince: '2026-11-17T10:00:00.000Z',
    });
    const { calls } = openEndpoint(failing, [], {
      [`PATCH /api/webhook/${one}`]: () => ({ body: { webhook: aWebhook(1) } }),
      [`POST /api/webhook/${one}/resend`]: () => ({ status: 202, body: { queued: 12 } }),
    });
    expect(await screen.findByText(/Every attempt to reach this endpoint failed for 5 days/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send test event' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable the endpoint again?' });
    const resend = within(dialog).getByRole('checkbox', { name: /Also resend what failed since/ }) as HTMLInputElement;
    expect(resend.checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('The endpoint was enabled; 12 deliveries will be sent again')).toBeTruthy();
    const changes = calls.filter((c) => c.method === 'PATCH' || c.path.endsWith('/resend'));
    expect(changes.map((c) => [c.method, c.body])).toEqual([
      ['PATCH', { enabled: true }],
      ['POST', { since: '2026-11-17T10:00:00.000Z' }],
    ]);
  });
});

describe('the delivery log', () => {
  const failed = aDelivery(2, {
    eventType: 'user_import.completed',
    status: 'failed',
    attempts: [
      { at: '2026-11-21T09:00:00.000Z', statusCode: 500, durationMs: 130, responseBody: '{"error":"database down"}', error: null },
      { at: '2026-11-21T09:00:05.000Z', statusCode: null, durationMs: 15000, responseBody: null, error: 'timeout' },
    ],
  });

  it('shows each delivery with its outcome and, on demand, its attempts and the answer', async () => {
    const user = userEvent.setup();
    openEndpoint(aWebhook(1), [failed, aDelivery(1)]);
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Import completed', 'User created']);
    expect(within(items[0]).getByText('Failed')).toBeTruthy();
    expect(within(items[1]).getByText('Succeeded')).toBeTruthy();
    await user.click(within(items[0]).getByRole('button', { name: '2 attempts' }));
    expect(within(items[0]).getByText('HTTP 500')).toBeTruthy();
    expect(within(items[0]).getByText('130 ms')).toBeTruthy();
    expect(within(items[0]).getByText('No answer')).toBeTruthy();
    expect(within(items[0]).getByText('timeout')).toBeTruthy();
    // Each attempt's time in the console's one date format, as on every other page.
    expect(within(items[0]).getAllByText(formatDateTime('2026-11-21T09:00:00.000Z'))).toHaveLength(2);
    expect(within(items[0]).queryByText('{"error":"database down"}')).toBeNull();
    await user.click(within(items[0]).getByRole('button', { name: 'Show the answer' }));
    expect(within(items[0]).getByText('{"error":"database down"}')).toBeTruthy();
    // A short answer is whole: nothing says it was cut.
    expect(within(items[0]).queryByText(/only its first 4 KB are kept/)).toBeNull();
    // A delivery that succeeded is not retried.
    expect(within(items[1]).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows, on demand, the request a delivery sends, laid out to be read; and says when its event is no longer kept', async () => {
    const user = userEvent.setup();
    const sent = JSON.stringify({
      type: 'user.created',
      timestamp: '2026-11-21T08:00:00.000Z',
      data: { id: 'e1', action: 'user.created' },
    });
    const { calls } = openEndpoint(aWebhook(1), [aDelivery(1), aDelivery(5)], {
      [`GET /api/webhook/${one}/delivery/${deliveryId(1)}/request`]: () => ({ body: { body: sent } }),
      [`GET /api/webhook/${one}/delivery/${deliveryId(5)}/request`]: () => ({ body: { body: null } }),
    });
    const [first, gone] = within(await screen.findByRole('list', { name: 'Delivery log' })).getAllByRole('listitem');
    await user.click(within(first).getByRole('button', { name: '1 attempt' }));
    // Read only when asked for.
    expect(calls.some((c) => c.path.endsWith('/request'))).toBe(false);
    await user.click(within(first).getByRole('button', { name: 'Show what was sent' }));
    const body = await within(first).findByLabelText('What the delivery sends');
    expect(body.textContent).toBe(JSON.stringify(JSON.parse(sent), null, 2));
    await user.click(within(gone).getByRole('button', { name: '1 attempt' }));
    await user.click(within(gone).getByRole('button', { name: 'Show what was sent' }));
    expect(await within(gone).findByText('Its event is no longer kept, so what it sent cannot be shown.')).toBeTruthy();
  });

  it('says an attempt was refused for its address in words, and never which address', async () => {
    const user = userEvent.setup();
    const refused = aDelivery(4, {
      status: 'pending',
      attempts: [{ at: '2026-11-21T09:00:00.000Z', statusCode: null, durationMs: 2, responseBody: null, error: 'address not allowed' }],
    });
    openEndpoint(aWebhook(1), [refused]);
    const [item] = within(await screen.findByRole('list', { name: 'Delivery log' })).getAllByRole('listitem');
    await user.click(within(item).getByRole('button', { name: '1 attempt' }));
    expect(
      within(item).getByText('Address not allowed: the host resolves to a private or internal address, where webhooks are not sent.'),
    ).toBeTruthy();
    expect(within(item).queryByText('address not allowed')).toBeNull();
  });

  it('says when an answer was kept to its first 4 KB', async () => {
    const user = userEvent.setup();
    const long = aDelivery(3, {
      attempts: [{ at: '2026-11-21T09:00:00.000Z', statusCode: 200, durationMs: 40, responseBody: 'x'.repeat(4096), error: null }],
    });
    openEndpoint(aWebhook(1), [long]);
    const [item] = within(await screen.findByRole('list', { name: 'Delivery log' })).getAllByRole('listitem');
    await user.click(within(item).getByRole('button', { name: '1 attempt' }));
    await user.click(within(item).getByRole('button', { name: 'Show the answer' }));
    expect(within(item).getByText('The answer was longer: only its first 4 KB are kept.')).toBeTruthy();
  });

  it('filters by event type and outcome through the server', async () => {
    const user = userEvent.setup();
    const { calls } = openEndpoint(aWebhook(1), [aDelivery(1)]);
    await screen.findByRole('list', { name: 'Delivery log' });
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Event type' }));
    const types = await screen.findByRole('listbox');
    expect(within(types).getByRole('option', { name: 'Test event' })).toBeTruthy();
    await user.click(within(types).getAllByRole('option', { name: 'User created' })[0]);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(`/api/webhook/${one}/deliveries?outcome=failed&eventType=user.created`));
  });

  it('retries a failed delivery, and resends what failed since a moment', async () => {
    const user = userEvent.setup();
    const { calls } = openEndpoint(aWebhook(1), [failed], {
      [`POST /api/webhook/${one}/delivery/${deliveryId(2)}/retry`]: () => ({
        status: 202,
        body: { delivery: { ...failed, status: 'pending' } },
      }),
      [`POST /api/webhook/${one}/resend`]: () => ({ status: 202, body: { queued: 3 } }),
    });
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The delivery will be sent again')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend failed deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend everything that failed since…' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('3 deliveries will be sent again')).toBeTruthy();
    const posts = screenPosts(calls);
    expect(posts.map((c) => c.path)).toEqual([`/api/webhook/${one}/delivery/${deliveryId(2)}/retry`, `/api/webhook/${one}/resend`]);
    const since = Date.parse((posts[1].body as { since: string }).since);
    // A day ago by default, to the minute.
    expect(Math.abs(Date.now() - 86_400_000 - since)).toBeLessThan(120_000);
  });

  it('says when nothing was sent yet', async () => {
    openEndpoint(aWebhook(1), []);
    expect((await screen.findByTestId('list-empty')).textContent).toBe(
      'Nothing has been sent to this endpoint yet. Send a test event to try it.',
    );
  });
});
