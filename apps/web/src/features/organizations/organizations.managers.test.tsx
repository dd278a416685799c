/**
 * Creating organizations, their client keys and their managers in jsdom against a scripted
 * API: the "New organization" dialog (every field rule, the password policy checklist, the
 * locale sent), the client key dialog (set once, disabled while invalid), the managers of an
 * organization (list, paging, the create dialog, invitations) and the manager page, in
 * English and Spanish.
 */
import type { ManagerView, OrganizationListItem, OrganizationView } from '@console/contracts/organizations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Persona, renderSignedIn } from '../../test/app';
import { anOrganization } from '../../test/organizations';

type Handlers = NonNullable<Parameters<typeof renderSignedIn>[1]>['api'];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const where = (router: ReturnType<typeof renderSignedIn>['router']) => router.state.location.pathname + router.state.location.search;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const organization = (n: number, overrides: Partial<OrganizationView> = {}) => anOrganization(n, { regularUsersCount: 0, ...overrides });

function manager(n: number, overrides: Partial<ManagerView> = {}): ManagerView {
  return {
    id: uuid(500 + n),
    organizationId: uuid(7),
    organizationName: 'Acme Manufacturing',
    userId: uuid(800 + n),
    displayName: `Manager ${n}`,
    email: `m${n}@acme.example`,
    locale: 'en',
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: 'Sam Staff',
    disabled: false,
    pendingInvitation: false,
    invited: false,
    invitedAt: null,
    invitedBy: null,
    invitationState: 'none',
    ...overrides,
  };
}

const planTypes = { planTypes: ['Business', 'Enterprise', 'Team'].map((name, i) => ({ id: uuid(50 + i), name })) };

const withPlanTypes = (handlers: Handlers): Handlers => ({
  'GET /api/organization/planTypes': () => ({ body: planTypes }),
  ...handlers,
});

const listOf = (orgs: OrganizationListItem[]) => () => ({ body: { organizations: orgs, total: orgs.length } });
const posts = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

async function fill(form: HTMLElement, label: string | RegExp, value: string) {
  const field = within(form).getByLabelText(label, { selector: 'input' });
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

async function choosePlan(form: HTMLElement, name: string) {
  const select = within(form).getByRole('combobox', { name: /Plan type|Tipo de plan/ });
  await waitFor(() => expect(select.getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('creating an organization', () => {
  it('is offered only to staff who may update', async () => {
    renderSignedIn('/super/organizations', {
      as: 'staffReader',
      api: withPlanTypes({ 'GET /api/organizations': listOf([organization(1)]) }),
    });
    await screen.findByRole('listitem', { name: 'Org 1' });
    expect(screen.queryByRole('button', { name: 'New organization' })).toBeNull();
  });

  it('checks every field like the server, shows the password policy, then creates and opens the new organization', async () => {
    const created = organization(9, { name: 'Hooli Robotics', clientKey: 'hooli' });
    let orgs: OrganizationListItem[] = [organization(1)];
    const { calls, router } = renderSignedIn('/super/organizations', {
      as: 'staff',
      api: withPlanTypes({
        'GET /api/organizations': () => listOf(orgs)(),
        'POST /api/organization': () => {
          orgs = [...orgs, created];
          return { status: 201, body: { organization: created, invitationEmail: 'none' } };
        },
        [`GET /api/organization/${created.id}`]: () => ({ body: { organization: created } }),
        [`GET /api/organization/${created.id}/managers`]: () => ({ body: { managers: [], total: 0 } }),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'New organization' });
    const form = await within(dialog).findByRole('form', { name: 'New organization' });

    // Empty: every required field says so, nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('There are errors in the form')).toBeTruthy();
    // Name, plan type, admin name and e-mail; the password says which rules it misses.
    await waitFor(() => expect(within(form).getAllByText('This field is required')).toHaveLength(4));
    expect(within(form).getByText('The password does not meet every rule below')).toBeTruthy();

    await fill(form, /^Organization name/, 'x'.repeat(76));
    expect(await within(form).findByText('Use at most 75 characters')).toBeTruthy();
    await fill(form, /^Organization name/, 'Hooli Robotics');
    expect(await within(form).findByText('14/75')).toBeTruthy();
    await fill(form, /^Admin name/, 'a'.repeat(76));
    expect(await within(form).findByText('Use at most 75 characters')).toBeTruthy();
    await fill(form, /^Admin name/, 'Hank Hooli');
    await fill(form, /^Admin e-mail/, 'hank@');
    expect(await within(form).findByText('Enter a valid e-mail address')).toBeTruthy();
    await fill(form, /^Admin e-mail/, 'hank@hooli.example');
    await fill(form, /^Client key/, 'Hooli-1');
    expect(await within(form).findByText('Invalid client key. Please use only lowercase letters or numbers.')).toBeTruthy();
    await fill(form, /^Client key/, 'hooli');

    // The password policy: a checklist that ticks each rule as it is met.
    const rules = within(form).getByRole('list', { name: 'Password rules' });
    const unmet = () =>
      within(rules)
        .getAllByRole('listitem')
        .filter((li) => li.querySelector('title')?.textContent === 'Not met yet')
        .map((li) => li.textContent?.replace(/Not met yet|Met/, ''));
    await fill(form, /^Admin password/, 'abc');
    expect(await within(form).findByText('The password does not meet every rule below')).toBeTruthy();
    expect(unmet()).toEqual([
      'Between 10 and 25 characters',
      'At least one digit',
      'At least one upper-case letter',
      'At least one special character, such as ! or #',
    ]);
    for (const [weak, rule] of [
      ['Abcdefgh1!'.repeat(3), 'Between 10 and 25 characters'],
      ['Abcdefghij!', 'At least one digit'],
      ['abcdefgh1!', 'At least one upper-case letter'],
      ['ABCDEFGH1!', 'At least one lower-case letter'],
      ['Abcdefgh12', 'At least one special character, such as ! or #'],
      ['Abcd efgh1!', 'No spaces'],
    ]) {
      await fill(form, /^Admin password/, weak);
      await waitFor(() => expect(unmet()).toEqual([rule]));
    }
    await fill(form, /^Admin password/, 'Str0ng-Pass!');
    await waitFor(() => expect(unmet()).toEqual([]));
    fireEvent.click(within(form).getByRole('button', { name: 'Show the password' }));
    expect(
      within(form)
        .getByLabelText(/^Admin password/, { selector: 'input' })
        .getAttribute('type'),
    ).toBe('text');

    // Typed twice, as every new password is: a different repeat is refused before anything is sent.
    await choosePlan(form, 'Enterprise');
    await fill(form, /^Repeat the password/, 'Str0ng-Pass?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('The passwords do not match')).toBeTruthy();
    expect(posts(calls, '/api/organization')).toEqual([]);
    await fill(form, /^Repeat the password/, 'Str0ng-Pass!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Hooli Robotics was created.')).toBeTruthy();
    expect(posts(calls, '/api/organization')).toEqual([
      {
        name: 'Hooli Robotics',
        adminName: 'Hank Hooli',
        email: 'hank@hooli.example',
        password: 'Str0ng-Pass!',
        planType: 'Enterprise',
        clientKey: 'hooli',
        locale: 'en',
      },
    ]);
    // The new organization's page opens.
    await waitFor(() => expect(where(router)).toBe(`/super/organizations/${created.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hooli Robotics' })).toBeTruthy();
  });

  it('speaks Spanish, sends the Spanish locale, and shows the server refusal in Spanish', async () => {
    const { calls } = renderSignedIn('/es/super/organizations', {
      as: 'staff',
      api: withPlanTypes({
        'GET /api/organizations': listOf([organization(1)]),
        'POST /api/organization': () => ({
          status: 409,
          body: { statusCode: 409, code: 'EMAIL_TAKEN', message: 'This e-mail already belongs to a user.' },
        }),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva organización' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva organización' });
    const form = await within(dialog).findByRole('form');
    await fill(form, /^Clave de cliente/, 'MAL');
    expect(await within(form).findByText('Clave de cliente no válida. Usa solo letras minúsculas o números.')).toBeTruthy();
    await fill(form, /^Clave de cliente/, '');
    await fill(form, /^Nombre de la organización/, 'Hooli');
    await fill(form, /^Nombre del administrador/, 'Hank');
    await fill(form, /^Correo del administrador/, 'zoe@acme.example');
    await fill(form, /^Contraseña del administrador/, 'corta');
    expect(await within(form).findByText('La contraseña no cumple todas las reglas de abajo')).toBeTruthy();
    expect(within(form).getByRole('list', { name: 'Reglas de la contraseña' }).textContent).toContain('Entre 10 y 25 caracteres');
    await fill(form, /^Contraseña del administrador/, 'Str0ng-Pass!');
    await fill(form, /^Repite la contraseña/, 'Str0ng-Pass!');
    await choosePlan(form, 'Team');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Este correo ya pertenece a un usuario.')).toBeTruthy();
    expect(posts(calls, '/api/organization')).toEqual([
      { name: 'Hooli', adminName: 'Hank', email: 'zoe@acme.example', password: 'Str0ng-Pass!', planType: 'Team', locale: 'es' },
    ]);
    expect(screen.getByRole('dialog', { name: 'Nueva organización' })).toBeTruthy();
  });
});

describe('creating an organization whose first admin is invited', () => {
  const created = organization(9, { name: 'Hooli Robótica' });
  const creating = (invitationEmail: 'sent' | 'failed') =>
    withPlanTypes({
      'GET /api/organizations': listOf([organization(1)]),
      'POST /api/organization': () => ({ status: 201, body: { organization: created, invitationEmail } }),
      [`GET /api/organization/${created.id}`]: () => ({ body: { organization: created } }),
      [`GET /api/organization/${created.id}/managers`]: () => ({ body: { managers: [], total: 0 } }),
    });

  async function openInPortuguese(invitationEmail: 'sent' | 'failed') {
    const rendered = renderSignedIn('/pt/super/organizations', { as: 'staff', api: creating(invitationEmail) });
    fireEvent.click(await screen.findByRole('button', { name: 'Nova organização' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova organização' });
    const form = await within(dialog).findByRole('form', { name: 'Nova organização' });
    await fill(form, /^Nome da organização/, 'Hooli Robótica');
    await choosePlan(form, 'Team');
    await fill(form, /^Nome do administrador/, 'Hank Hooli');
    await fill(form, /^E-mail do administrador/, 'hank@hooli.example');
    return { ...rendered, dialog, form };
  }

  it('asks no password, sends invite: true instead, and says the invitation went out, in Portuguese', async () => {
    const { calls, dialog, form, router } = await openInPortuguese('sent');
    // A password by default, as the spec's form has it; the choice is a radio group with a name.
    const choice = within(form).getByRole('radiogroup', { name: 'Como o administrador obtém a senha' });
    const password = within(choice).getByRole('radio', { name: 'Definir uma senha' });
    const invite = within(choice).getByRole('radio', { name: 'Convidar por e-mail' });
    expect(password).toHaveProperty('checked', true);
    expect(within(form).getByLabelText(/^Senha do administrador/, { selector: 'input' })).toBeTruthy();
    expect(within(form).getByText('Ele entra com este e-mail e esta senha e depois pode adicionar outras pessoas.')).toBeTruthy();

    fireEvent.click(invite);
    expect(invite).toHaveProperty('checked', true);
    // The password fields and their checklist are gone; what happens next is said instead.
    await waitFor(() => expect(within(form).queryByLabelText(/^Senha do administrador/, { selector: 'input' })).toBeNull());
    expect(within(form).queryByLabelText(/^Repita a senha/, { selector: 'input' })).toBeNull();
    expect(within(form).queryByRole('list', { name: 'Regras da senha' })).toBeNull();
    expect(within(form).getByText(/Ele recebe neste e-mail um convite para escolher a própria senha/)).toBeTruthy();
    const help = within(form).getByText(/O link do convite funciona por 14 dias\./);
    expect(choice.getAttribute('aria-describedby')).toBe(help.id);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Hooli Robótica foi criada. Um convite foi enviado para hank@hooli.example.')).toBeTruthy();
    expect(posts(calls, '/api/organization')).toEqual([
      { name: 'Hooli Robótica', adminName: 'Hank Hooli', email: 'hank@hooli.example', invite: true, planType: 'Team', locale: 'pt' },
    ]);
    await waitFor(() => expect(where(router)).toBe(`/pt/super/organizations/${created.id}`));
  });

  it('checks the password again once staff go back to setting one, and says so when the invitation could not be sent', async () => {
    const { calls, dialog, form } = await openInPortuguese('failed');
    const choice = within(form).getByRole('radiogroup', { name: 'Como o administrador obtém a senha' });
    fireEvent.click(within(choice).getByRole('radio', { name: 'Convidar por e-mail' }));
    fireEvent.click(within(choice).getByRole('radio', { name: 'Definir uma senha' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(form).findByText('A senha não atende a todas as regras abaixo')).toBeTruthy();
    expect(posts(calls, '/api/organization')).toEqual([]);

    fireEvent.click(within(choice).getByRole('radio', { name: 'Convidar por e-mail' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await screen.findByText(
        'Hooli Robótica foi criada, mas não foi possível enviar o e-mail de convite para hank@hooli.example. Reenvie-o pelos gestores da organização.',
      ),
    ).toBeTruthy();
    expect(posts(calls, '/api/organization')).toHaveLength(1);
    expect(posts(calls, '/api/organization')[0]).not.toHaveProperty('password');
  });
});

describe('the client key', () => {
  it('is one dialog: the key is checked with the server before anything is set, then the name is typed to confirm', async () => {
    let current = organization(7, { name: 'Acme Manufacturing', clientKey: null });
    const { calls } = renderSignedIn(`/super/organizations/${current.id}`, {
      as: 'staff',
      api: withPlanTypes({
        [`GET /api/organization/${current.id}`]: () => ({ body: { organization: current } }),
        [`GET /api/organization/${current.id}/managers`]: () => ({ body: { managers: [], total: 0 } }),
        [`GET /api/organization/${current.id}/clientKey/availability`]: ({ path }) => {
          const key = new URL(path, 'http://x').searchParams.get('clientKey');
          return { body: { available: key !== 'taken' } };
        },
        [`PUT /api/organization/${current.id}/clientKey`]: ({ body }) => {
          current = { ...current, clientKey: (body as { clientKey: string }).clientKey };
          return { body: { organization: current } };
        },
      }),
    });
    const details = await screen.findByRole('region', { name: 'Organization details' });
    fireEvent.click(await within(details).findByRole('button', { name: 'Set the client key of Acme Manufacturing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client key of Acme Manufacturing' });
    expect(within(dialog).getByText(/cannot be changed once it is set/)).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Set the key' });
    expect(save.className).toMatch(/colorError/);
    const input = within(dialog).getByRole('textbox', { name: 'Client key' });
    const name = within(dialog).getByRole('textbox', { name: 'Type “Acme Manufacturing” to confirm' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: 'Acme 2' } });
    expect(await within(dialog).findByText('Invalid client key. Please use only lowercase letters or numbers.')).toBeTruthy();

    // A taken key is refused while it is typed: with the name typed too, nothing can be set.
    fireEvent.change(name, { target: { value: 'Acme Manufacturing' } });
    fireEvent.change(input, { target: { value: 'taken' } });
    expect(await within(dialog).findByText('Client Key is duplicated in the system or not available.')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(save);

    fireEvent.change(input, { target: { value: '  acme2 ' } });
    expect(await within(dialog).findByText('acme2 is available.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Acme' } });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'Acme Manufacturing' } });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    // No confirmation stacked over it.
    fireEvent.click(save);
    expect(await screen.findByText('The client key acme2 was set for Acme Manufacturing.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Each key was asked about before the one set call.
    const order = calls.flatMap((c) =>
      c.method === 'PUT' ? ['PUT'] : c.path.includes('/clientKey/availability') ? [c.path.split('?')[1]] : [],
    );
    expect(order.slice(0, 3)).toEqual(['clientKey=taken', 'clientKey=acme2', 'PUT']);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ clientKey: 'acme2' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(details).findByText('acme2')).toBeTruthy();
    expect(within(details).queryByRole('button', { name: /Set the client key/ })).toBeNull();
  });

  it('says when the set call refuses a key taken in the meantime, and keeps the dialog open', async () => {
    const current = organization(7, { name: 'Acme Manufacturing', clientKey: null });
    renderSignedIn(`/es/super/organizations/${current.id}`, {
      as: 'staff',
      api: withPlanTypes({
        [`GET /api/organization/${current.id}`]: () => ({ body: { organization: current } }),
        [`GET /api/organization/${current.id}/managers`]: () => ({ body: { managers: [], total: 0 } }),
        [`GET /api/organization/${current.id}/clientKey/availability`]: () => ({ body: { available: true } }),
        [`PUT /api/organization/${current.id}/clientKey`]: () => ({
          status: 409,
          body: { statusCode: 409, code: 'CLIENT_KEY_UNAVAILABLE', message: 'Client Key is duplicated in the system or not available.' },
        }),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Fijar la clave de cliente de Acme Manufacturing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clave de cliente de Acme Manufacturing' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Clave de cliente' }), { target: { value: 'acme2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Escribe «Acme Manufacturing» para confirmar' }), {
      target: { value: 'Acme Manufacturing' },
    });
    const save = within(dialog).getByRole('button', { name: 'Fijar la clave' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect(await within(dialog).findByText('La clave de cliente está duplicada en el sistema o no está disponible.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Clave de cliente de Acme Manufacturing' })).toBeTruthy();
  });
});

describe('organization managers', () => {
  const acme = organization(7, { name: 'Acme Manufacturing' });

  /** Opens `path` against a server that keeps the managers it is sent. */
  function managersApi(path: string, initial: ManagerView[], overrides: Handlers = {}, as: Persona = 'staff', org = acme) {
    let all = initial;
    return renderSignedIn(path, {
      as,
      api: withPlanTypes({
        'GET /api/organizations': listOf([org]),
        [`GET /api/organization/${org.id}`]: () => ({ body: { organization: org } }),
        [`GET /api/organization/${org.id}/managers`]: ({ path }) => {
          const page = Number(new URL(path, 'http://x').searchParams.get('page'));
          return { body: { managers: all.slice((page - 1) * 20, page * 20), total: all.length } };
        },
        [`POST /api/organization/${org.id}/managers`]: ({ body }) => {
          const b = body as { displayName: string; email: string; locale: string };
          const added = manager(99, {
            displayName: b.displayName,
            email: b.email,
            locale: b.locale,
            invited: true,
            invitedAt: '2026-11-23T10:00:00.000Z',
            invitedBy: 'Sam Staff',
            pendingInvitation: true,
            invitationState: 'pending',
          });
          all = [added, ...all];
          return { status: 201, body: { pendingInvitation: true, invitationEmail: 'sent', manager: added } };
        },
        ...overrides,
      }),
    });
  }

  it('lists them in the details with their invitation state, 20 at a time, each linked to its page', async () => {
    const many = Array.from({ length: 21 }, (_, i) => manager(i + 1));
    many[0] = manager(1, {
      displayName: 'Ivy Invited',
      invited: true,
      invitedAt: '2026-11-21T08:00:00.000Z',
      invitedBy: 'Sam Staff',
      pendingInvitation: true,
      invitationState: 'pending',
    });
    many[1] = manager(2, { displayName: 'Eve Expired', invited: true, invitedAt: '2026-10-01T08:00:00.000Z', invitationState: 'expired' });
    const { router } = managersApi(`/super/organizations/${acme.id}`, many, {
      [`GET /api/organizationManagers/${many[0].id}`]: () => ({ body: { manager: many[0] } }),
    });
    const dialog = await screen.findByRole('main');
    const table = await within(dialog).findByRole('table', { name: 'Organization managers' });
    expect(within(dialog).getByText('20 of 21 managers shown')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(21);
    expect(rows[1].textContent).toContain('Ivy Invited');
    expect(rows[1].textContent).toContain('m1@acme.example');
    expect(rows[1].textContent).toContain('Invitation pending');
    expect(rows[1].textContent).toMatch(/Invited \d{4}-\d{2}-\d{2} \d{2}:\d{2} by Sam Staff/);
    expect(rows[2].textContent).toContain('Invitation expired');
    expect(rows[3].textContent).toContain('Not invited');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('21 of 21 managers shown')).toBeTruthy();

    fireEvent.click(within(table).getByRole('link', { name: 'Open the manager Ivy Invited' }));
    await waitFor(() => expect(where(router)).toBe(`/super/organizationManagers/${many[0].id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Organization manager' })).toBeTruthy();
    const field = (label: string) => screen.getAllByText(label).find((el) => el.tagName === 'DT')?.nextElementSibling?.textContent;
    await screen.findAllByText('Acme Manufacturing');
    expect(field('E-mail')).toBe('m1@acme.example');
    expect(field('Invited by')).toBe('Sam Staff');
    expect(field('Invitation state')).toMatch(/^Invitation pending/);
    expect(field('Invited at')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(screen.getByRole('button', { name: 'Resend invitation: Ivy Invited' })).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByText('Ivy Invited').getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(trail).getByRole('link', { name: 'Acme Manufacturing' }));
    await waitFor(() => expect(where(router)).toBe(`/super/organizations/${acme.id}`));
  });

  it('adds one from the create dialog: checks the name and e-mail, sends the language, and shows the pending invitation', async () => {
    const { calls } = managersApi(`/super/organizations/${acme.id}`, []);
    const details = await screen.findByRole('main');
    expect(await within(details).findByText('This organization has no managers yet.')).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Add manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an organization manager' });
    const form = await within(dialog).findByRole('form');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('There are errors in the form')).toBeTruthy();
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);
    await fill(form, /^Name/, 'n'.repeat(76));
    expect(await within(form).findByText('Use at most 75 characters')).toBeTruthy();
    await fill(form, /^E-mail/, 'nina@');
    expect(await within(form).findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(posts(calls, `/api/organization/${acme.id}/managers`)).toEqual([]);

    await fill(form, /^Name/, 'Nina Nueva');
    await fill(form, /^E-mail/, 'nina@new.example');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Language of the invitation' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Español' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Nina Nueva is now a manager. An invitation was sent to nina@new.example.')).toBeTruthy();
    expect(posts(calls, `/api/organization/${acme.id}/managers`)).toEqual([
      { displayName: 'Nina Nueva', email: 'nina@new.example', locale: 'es' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add an organization manager' })).toBeNull());
    const table = await within(details).findByRole('table', { name: 'Organization managers' });
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Invitation pending');
  });

  it("shows the server's refusal, in Spanish too", async () => {
    managersApi(`/es/super/organizations/${acme.id}`, [], {
      [`POST /api/organization/${acme.id}/managers`]: () => ({
        status: 409,
        body: { statusCode: 409, code: 'MANAGER_OTHER_ORGANIZATION', message: 'This e-mail belongs to a user of another organization.' },
      }),
    });
    const details = await screen.findByRole('main');
    expect(await within(details).findByText('Responsables de la organización')).toBeTruthy();
    fireEvent.click(await within(details).findByRole('button', { name: 'Añadir responsable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir un responsable de la organización' });
    const form = await within(dialog).findByRole('form');
    await fill(form, /^Nombre/, 'Gus');
    await fill(form, /^Correo electrónico/, 'gus@globex.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText('Este correo pertenece a un usuario de otra organización.')).toBeTruthy();
  });

  it('resends a pending or expired invitation: disabled while sending, then a green notice and the new state', async () => {
    let state = manager(2, {
      displayName: 'Eve Expired',
      invited: true,
      invitedAt: '2026-10-01T08:00:00.000Z',
      invitationState: 'expired',
    });
    const accepted = manager(3, {
      displayName: 'Al Accepted',
      invited: true,
      invitedAt: '2026-10-01T08:00:00.000Z',
      invitationState: 'accepted',
    });
    let release: () => void = () => {};
    const path = `/api/organization/${acme.id}/managers/${state.id}/invitation`;
    const { calls } = managersApi(`/super/organizations/${acme.id}`, [], {
      [`GET /api/organization/${acme.id}/managers`]: () => ({ body: { managers: [state, accepted, manager(4)], total: 3 } }),
      [`POST ${path}`]: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        state = {
          ...state,
          invitationState: 'pending',
          pendingInvitation: true,
          invitedAt: '2026-11-23T12:00:00.000Z',
          invitedBy: 'Sam Staff',
        };
        return { body: { invitationEmail: 'sent', manager: state } };
      },
    });
    const details = await screen.findByRole('main');
    const table = await within(details).findByRole('table', { name: 'Organization managers' });
    // Only the expired invitation can be resent: not an accepted one, nor someone never invited.
    expect(within(table).getAllByRole('button', { name: /Resend invitation/ })).toHaveLength(1);
    const button = within(table).getByRole('button', { name: 'Resend invitation: Eve Expired' }) as HTMLButtonElement;
    expect(button.textContent).toContain('Resend invitation');
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    // A browser drops the focus of a control that becomes disabled (jsdom does not): it comes back once the send has settled.
    button.blur();
    release();
    const notice = await screen.findByText('A new invitation was sent to m2@acme.example. The previous link no longer works.');
    expect(notice.closest('.notistack-MuiContent-success')).toBeTruthy();
    expect(posts(calls, path)).toHaveLength(1);
    await waitFor(() => expect(within(table).getAllByRole('row')[1].textContent).toContain('Invitation pending'));
    expect(within(table).getByRole('button', { name: 'Resend invitation: Eve Expired' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'Resend invitation: Eve Expired' })));
  });

  it('shows a refused resend as a red notice, in Spanish', async () => {
    const pending = manager(2, {
      displayName: 'Pia',
      invited: true,
      invitedAt: '2026-11-20T08:00:00.000Z',
      invitationState: 'pending',
      pendingInvitation: true,
    });
    managersApi(`/es/super/organizations/${acme.id}`, [pending], {
      [`POST /api/organization/${acme.id}/managers/${pending.id}/invitation`]: () => ({
        status: 409,
        body: {
          statusCode: 409,
          code: 'MANAGER_INVITATION_ACCEPTED',
          message: 'This manager already has an account: there is no invitation to resend.',
        },
      }),
    });
    const details = await screen.findByRole('main');
    fireEvent.click(await within(details).findByRole('button', { name: 'Reenviar invitación: Pia' }));
    const notice = await screen.findByText('Este responsable ya tiene una cuenta: no hay ninguna invitación que reenviar.');
    expect(notice.closest('.notistack-MuiContent-error')).toBeTruthy();
  });

  it('offers no Add to a disabled organization nor to staff who may only read', async () => {
    const disabled = organization(8, { name: 'Initech', disabled: true, disabledAt: '2026-06-01T00:00:00.000Z' });
    managersApi(`/super/organizations/${disabled.id}`, [manager(1, { invited: true, invitationState: 'expired' })], {}, 'staff', disabled);
    const details = await screen.findByRole('main');
    expect(await within(details).findByText('A disabled organization cannot get new managers.')).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Add manager' })).toBeNull();
    expect(within(details).queryByRole('button', { name: /Resend invitation/ })).toBeNull();
  });

  it('offers no Add and no client key button to staff who may only read', async () => {
    const noKey = { ...acme, clientKey: null };
    managersApi(`/super/organizations/${noKey.id}`, [manager(1, { invited: true, invitationState: 'expired' })], {}, 'staffReader', noKey);
    const details = await screen.findByRole('main');
    expect(await within(details).findByRole('table', { name: 'Organization managers' })).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Add manager' })).toBeNull();
    expect(within(details).queryByRole('button', { name: /Set the client key/ })).toBeNull();
    expect(within(details).queryByRole('button', { name: /Resend invitation/ })).toBeNull();
  });
});
