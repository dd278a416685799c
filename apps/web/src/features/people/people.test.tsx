/**
 * The People screen in jsdom against a scripted API: the list (name, e-mail, role, status,
 * source, last change), the search after a pause in typing and the filters, all in the
 * address; "load more" by the keyset cursor; empty, no-match and failure states; a row opens
 * the person's page, with their profile (fields nobody sent left out), manager (a link to the
 * manager's page), workspaces, teams and skills, their invitation with "Resend invitation" and
 * where they are changed; another organization's person is "not found"; the menu's entry.
 */
import { type PersonInvitation, type PersonRow, type PersonView, userProfile } from '@console/contracts/people';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderSignedIn } from '../../test/app';
import { nullsOf } from '../../test/people';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const person = (n: number, extra: Partial<PersonRow> = {}): PersonRow => ({
  id: id(n),
  name: `Person ${n}`,
  email: `person.${n}@acme.example`,
  role: 'viewer',
  status: 'active',
  source: 'csv_import',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const accepted: PersonInvitation = {
  state: 'accepted',
  sentAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-11-15T10:00:00.000Z',
  acceptedAt: '2026-11-02T10:00:00.000Z',
  sendFailed: false,
  canResend: false,
  refusal: 'accepted',
};

const profile = (n: number, extra: Partial<PersonView> = {}): PersonView => ({
  ...person(n),
  ...nullsOf(userProfile),
  givenName: 'Person',
  familyName: String(n),
  employeeNumber: null,
  manager: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: null,
  groups: [],
  moreGroups: 0,
  workspaces: [],
  moreWorkspaces: 0,
  skills: [],
  moreSkills: 0,
  invitation: accepted,
  ...extra,
});

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/people')).map((c) => c.path);
const where = (router: ReturnType<typeof createMemoryRouter>) => `${router.state.location.pathname}${router.state.location.search}`;
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

/** An invitation sent and not yet used, which may be sent again. */
const sent: PersonInvitation = {
  state: 'sent',
  sentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  acceptedAt: null,
  sendFailed: false,
  canResend: true,
  refusal: null,
};

describe('the People screen', () => {
  it('lists the organization’s people with their e-mail, role, status, source and last change, and where people are changed', async () => {
    const rows = [
      person(1, { name: 'Ana Lima', email: 'ana@acme.example', role: 'org_admin', source: 'console' }),
      person(2, { name: 'bob stone', email: null, status: 'invited', source: 'scim' }),
      person(3, { name: 'Carla Díaz', status: 'deactivated', source: 'external_api' }),
    ];
    const { calls } = renderSignedIn('/people', { api: { 'GET /api/people': () => ({ body: { people: rows, next: null } }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    expect(screen.getByText(/^People are created and changed by your identity provider/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'People' });
    expect(cells(table)).toEqual([
      ['Name', 'E-mail', 'Role', 'Status', 'Source', 'Last change'],
      ['Ana Lima', 'ana@acme.example', 'Organizational Admin', 'Active', 'Console', expect.stringMatching(/^2026-11-2\d \d\d:\d\d$/)],
      ['bob stone', '—', 'Viewer', 'Invited', 'Identity provider (SCIM)', expect.any(String)],
      ['Carla Díaz', 'person.3@acme.example', 'Viewer', 'Deactivated', 'External API', expect.any(String)],
    ]);
    expect(screen.getByText('3 people shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls(calls)).toEqual(['/api/people']);
  });

  it('searches after a pause in typing, filters by status and source, keeps them in the address, and loads more by the cursor', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderSignedIn('/people', {
      api: {
        'GET /api/people': ({ path }) => {
          const params = new URL(path, 'http://x').searchParams;
          if (params.get('q') === 'nobody') return { body: { people: [], next: null } };
          if (params.get('after') === 'cursor-2') return { body: { people: [person(3)], next: null } };
          return { body: { people: [person(1), person(2)], next: params.get('source') ? 'cursor-2' : null } };
        },
      },
    });
    await screen.findByRole('table', { name: 'People' });

    const search = screen.getByRole('searchbox', { name: 'Search' });
    for (const text of ['s', 'sm', 'smi ']) fireEvent.change(search, { target: { value: text } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/people?q=smi'));
    expect(listCalls(calls)).toEqual(['/api/people', '/api/people?q=smi']);
    expect(where(router)).toBe('/people?q=smi');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Invited' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/people?q=smi&status=invited'));
    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'Identity provider (SCIM)' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/people?q=smi&status=invited&source=scim'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'smi', status: 'invited', source: 'scim' });

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Person 3')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toBe('/api/people?q=smi&status=invited&source=scim&after=cursor-2');
    expect(screen.getByText('3 people shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'smi', status: 'invited' }),
    );

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No one matches this search and these filters.')).toBeTruthy();
  });

  it('sends the search as typed, accents and case kept (the server folds both), in Spanish', async () => {
    const { calls, router } = renderSignedIn('/es/people', {
      api: { 'GET /api/people': () => ({ body: { people: [person(1)], next: null } }) },
    });
    const search = await screen.findByRole('searchbox');
    fireEvent.change(search, { target: { value: 'Müller PEÑA' } });
    await waitFor(() => expect(new URL(listCalls(calls).at(-1)!, 'http://x').searchParams.get('q')).toBe('Müller PEÑA'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Müller PEÑA');
  });

  it('reads the search and filters from the address, and ignores values it does not know', async () => {
    const { calls } = renderSignedIn('/people?q=ana&status=gone&source=console', {
      api: { 'GET /api/people': () => ({ body: { people: [], next: null } }) },
    });
    expect(await screen.findByText('No one matches this search and these filters.')).toBeTruthy();
    expect(listCalls(calls)).toEqual(['/api/people?q=ana&source=console']);
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ana');
  });

  it('says when the organization has no one, and offers Retry when the list fails', async () => {
    let fail = true;
    renderSignedIn('/people', {
      api: {
        'GET /api/people': () =>
          fail ? { status: 503, body: { statusCode: 503, code: 'SOMETHING', message: 'x' } } : { body: { people: [], next: null } },
      },
    });
    expect(await screen.findByText('The people could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('There is no one in your organization yet.')).toBeTruthy();
  });

  it('opens a person from the list, shows their profile, manager, workspaces, teams and skills, and goes back to the list as it was', async () => {
    const manager = profile(9, { name: 'Maria Manager', source: 'scim' });
    const ana = profile(1, {
      name: 'Ana Lima',
      givenName: 'Ana',
      familyName: 'Lima',
      formattedName: 'Ms. Ana Lima',
      userName: 'alima',
      email: 'ana@acme.example',
      workEmail: 'ana.lima@work.example',
      title: 'Line lead',
      department: 'Assembly',
      costCenter: 'CC-12',
      division: 'Motors',
      organization: 'Acme Motors',
      employeeNumber: 'E-1',
      source: 'scim',
      manager: { id: manager.id, name: 'Maria Manager' },
      lastLoginAt: '2026-11-21T08:00:00.000Z',
      groups: [
        { id: id(50), name: 'Assembly line' },
        { id: id(51), name: 'Welding' },
      ],
      moreGroups: 3,
      workspaces: [{ id: id(60), name: 'Plant 2' }],
      skills: [{ id: id(70), name: 'Forklift' }],
    });
    const { router } = renderSignedIn('/people?source=scim', {
      api: {
        'GET /api/people': () => ({ body: { people: [person(1, { name: 'Ana Lima', source: 'scim' })], next: null } }),
        [`GET /api/person/${ana.id}`]: () => ({ body: { person: ana } }),
        [`GET /api/person/${manager.id}`]: () => ({ body: { person: manager } }),
      },
    });
    const table = await screen.findByRole('table', { name: 'People' });
    // A click on the row (not only on the name) opens the person.
    fireEvent.click(within(table).getByText('Identity provider (SCIM)'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Lima' })).toBeTruthy();
    expect(where(router)).toBe(`/people/${ana.id}`);
    expect(screen.getByText(/^Your identity provider manages this person: change them there/)).toBeTruthy();

    const section = screen.getByRole('region', { name: 'Profile' });
    const field = (label: string) =>
      within(section)
        .getAllByText(label)
        .find((el) => el.tagName === 'DT')?.nextElementSibling?.textContent;
    expect(field('Given name')).toBe('Ana');
    expect(field('Family name')).toBe('Lima');
    expect(field('Formatted name')).toBe('Ms. Ana Lima');
    expect(field('User name')).toBe('alima');
    expect(field('Work e-mail')).toBe('ana.lima@work.example');
    expect(field('Job title')).toBe('Line lead');
    // Nobody sent a phone number: the row is left out, not shown as a dash.
    expect(within(section).queryByText('Phone')).toBeNull();
    expect(within(section).queryByText('—')).toBeNull();
    expect(field('Department')).toBe('Assembly');
    expect(field('Cost center')).toBe('CC-12');
    expect(field('Division')).toBe('Motors');
    expect(field('Organization')).toBe('Acme Motors');
    expect(field('Employee number')).toBe('E-1');
    expect(field('Source')).toBe('Identity provider (SCIM)');
    expect(field('Last sign-in')).toMatch(/^2026-11-2\d \d\d:\d\d$/);
    const belongings = screen.getByRole('region', { name: 'Workspaces, teams and skills' });
    const teams = within(belongings).getByRole('region', { name: 'Teams' });
    expect(within(teams).getByText('Assembly line')).toBeTruthy();
    expect(within(teams).getByText('and 3 more')).toBeTruthy();
    expect(within(within(belongings).getByRole('region', { name: 'Workspaces' })).getByText('Plant 2')).toBeTruthy();
    expect(within(within(belongings).getByRole('region', { name: 'Skills' })).getByText('Forklift')).toBeTruthy();
    const invitation = screen.getByRole('region', { name: 'Invitation' });
    expect(within(invitation).getByText('Accepted')).toBeTruthy();
    expect(within(invitation).getByText(/^This person set their password 2026-11-02 \d\d:\d\d\.$/)).toBeTruthy();
    expect(within(invitation).queryByRole('button')).toBeNull();

    // The manager's name links to their page; the trail still goes back to the filtered list.
    await userEvent.setup().click(within(section).getByRole('link', { name: 'Maria Manager' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Manager' })).toBeTruthy();
    expect(where(router)).toBe(`/people/${manager.id}`);
    const hers = screen.getByRole('region', { name: 'Workspaces, teams and skills' });
    expect(within(hers).getByText('No workspace.')).toBeTruthy();
    expect(within(hers).getByText('No team.')).toBeTruthy();
    expect(within(hers).getByText('No skill.')).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    fireEvent.click(within(trail).getByRole('link', { name: 'People' }));
    await screen.findByRole('table', { name: 'People' });
    expect(where(router)).toBe('/people?source=scim');
  });

  it('shows an invitation sent and resends it: the new state, a notice, and the list read again', async () => {
    const vera = profile(3, { name: 'Vera Viewer', status: 'invited', invitation: sent });
    let resent = false;
    const { calls } = renderSignedIn(`/people/${vera.id}`, {
      api: {
        [`GET /api/person/${vera.id}`]: () => ({
          body: { person: resent ? { ...vera, invitation: { ...sent, sentAt: '2026-11-22T09:00:00.000Z' } } : vera },
        }),
        [`POST /api/person/${vera.id}/invitation`]: () => {
          resent = true;
          return { body: { invitation: { ...sent, sentAt: '2026-11-22T09:00:00.000Z' }, invitationEmail: 'sent' } };
        },
      },
    });
    const invitation = await screen.findByRole('region', { name: 'Invitation' });
    expect(within(invitation).getByText('Sent')).toBeTruthy();
    expect(within(invitation).getByText(/^Sent 2026-11-20 \d\d:\d\d\. The link works until 2026-12-04 \d\d:\d\d\.$/)).toBeTruthy();
    fireEvent.click(within(invitation).getByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByText('Invitation sent to person.3@acme.example. Its link works for 14 days; any earlier link no longer does.'),
    ).toBeTruthy();
    await waitFor(() => expect(within(invitation).getByText(/^Sent 2026-11-22 /)).toBeTruthy());
    expect(calls.filter((c) => c.path === `/api/person/${vera.id}/invitation`)).toHaveLength(1);
  });

  it('by keyboard, gives the focus back to Resend invitation once the send has settled', async () => {
    const vera = profile(3, { name: 'Vera Viewer', status: 'invited', invitation: sent });
    let answer: () => void = () => undefined;
    renderSignedIn(`/people/${vera.id}`, {
      api: {
        [`GET /api/person/${vera.id}`]: () => ({ body: { person: vera } }),
        [`POST /api/person/${vera.id}/invitation`]: () =>
          new Promise((resolve) => {
            answer = () => resolve({ body: { invitation: sent, invitationEmail: 'sent' } });
          }),
      },
    });
    const user = userEvent.setup();
    const invitation = await screen.findByRole('region', { name: 'Invitation' });
    const button = within(invitation).getByRole('button', { name: 'Resend invitation' }) as HTMLButtonElement;
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button.disabled).toBe(true));
    // A browser drops the focus of a control that becomes disabled (jsdom does not).
    button.blur();
    answer();
    expect(await screen.findByText(/^Invitation sent to person\.3@acme\.example\./)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(invitation).getByRole('button', { name: 'Resend invitation' })));
  });

  it('offers no resend while an import’s invitation is queued, in the user’s language', async () => {
    const queued = profile(4, {
      name: 'Quinn Queued',
      status: 'invited',
      invitation: {
        state: 'queued',
        sentAt: null,
        expiresAt: null,
        acceptedAt: null,
        sendFailed: false,
        canResend: false,
        refusal: 'queued',
      },
    });
    renderSignedIn(`/es/people/${queued.id}`, { api: { [`GET /api/person/${queued.id}`]: () => ({ body: { person: queued } }) } });
    const invitation = await screen.findByRole('region', { name: 'Invitación' });
    expect(within(invitation).getByText('En cola')).toBeTruthy();
    expect(within(invitation).getByText('Las invitaciones de su importación se están enviando: esta aún no ha salido.')).toBeTruthy();
    expect(within(invitation).queryByRole('button')).toBeNull();
  });

  it('sends a first invitation, and says in the user’s language why the server refused it', async () => {
    const notSent = profile(5, {
      name: 'Nina Nosend',
      invitation: { state: 'not_sent', sentAt: null, expiresAt: null, acceptedAt: null, sendFailed: false, canResend: true, refusal: null },
    });
    renderSignedIn(`/es/people/${notSent.id}`, {
      api: {
        [`GET /api/person/${notSent.id}`]: () => ({ body: { person: notSent } }),
        // Another admin's import queued one meanwhile: the server refuses.
        [`POST /api/person/${notSent.id}/invitation`]: () => ({
          status: 409,
          body: { statusCode: 409, code: 'PERSON_INVITATION_NOT_RESENDABLE', message: 'x', details: { reason: 'queued' } },
        }),
      },
    });
    const invitation = await screen.findByRole('region', { name: 'Invitación' });
    expect(within(invitation).getByText('No enviada')).toBeTruthy();
    fireEvent.click(within(invitation).getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('La invitación de esta persona sigue en cola: espera a que salga.')).toBeTruthy();
  });

  it('says a person of another organization (or no one) is not in the organization', async () => {
    renderSignedIn(`/people/${id(7)}`, {
      api: {
        [`GET /api/person/${id(7)}`]: () => ({ status: 404, body: { statusCode: 404, code: 'PERSON_NOT_FOUND', message: 'x' } }),
      },
    });
    expect(await screen.findByText('This person is not in your organization, or no longer exists.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Person' })).toBeTruthy();
  });

  it('shows the error page for an id that is not one', async () => {
    renderSignedIn('/people/not-an-id');
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
  });
});
