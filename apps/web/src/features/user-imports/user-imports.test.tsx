/** The user-imports screen in jsdom against a scripted API. */
import type { UserImportErrorView, UserImportView } from '@console/contracts/user-imports';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { renderSignedIn, screenPosts, sessionRevokedReply } from '../../test/app';
import { StatusChip } from './components/StatusChip';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
});

function view(overrides: Partial<UserImportView>): UserImportView {
  return {
    id: '00000000-0000-4000-8000-00000000000a',
    filename: 'users.csv',
    status: 'completed',
    phase: 'done',
    columnSeparator: ',',
    columnSeparatorDetected: false,
    encoding: 'utf-8',
    options: {
      assignSkills: true,
      assignTeams: true,
      assignWorkspaces: true,
      createEmployeeIdUsers: true,
      disableUsers: false,
      sendInvitations: true,
    },
    sizeBytes: 100,
    createDate: '2026-11-20T10:15:00.000Z',
    startedAt: '2026-11-20T10:15:01.000Z',
    finishedAt: '2026-11-20T10:15:05.000Z',
    rowsTotal: 3,
    rowsRead: 3,
    rowsApplied: 3,
    rowsWithErrors: 0,
    usersCreated: 3,
    usersUpdated: 0,
    usersFailed: 0,
    invitationsPending: 0,
    invitationsSent: 3,
    invitationsFailed: 0,
    invitationsSecondsLeft: null,
    summary: null,
    applyWithoutConfirmation: false,
    confirmedAt: null,
    ...overrides,
  };
}

const imports = [
  view({
    id: '00000000-0000-4000-8000-000000000001',
    filename: 'running.csv',
    status: 'processing',
    phase: 'applying',
    rowsTotal: 1000,
    rowsRead: 1000,
    rowsApplied: 400,
  }),
  view({ id: '00000000-0000-4000-8000-000000000002', filename: 'broken.csv', status: 'validation_error', rowsWithErrors: 2 }),
  view({ id: '00000000-0000-4000-8000-000000000003', filename: 'failed.csv', status: 'error' }),
  view({ id: '00000000-0000-4000-8000-000000000004', filename: 'done.csv', status: 'completed' }),
  view({ id: '00000000-0000-4000-8000-000000000005', filename: 'queued.csv', status: 'processing', phase: 'queued' }),
];

const errors: UserImportErrorView[] = [
  { email: 'Anna@acme.example', employeeId: null, rows: [2, 7], code: 'DUPLICATE_EMAIL', error: 'x', value: null },
  { email: 'bert@acme.example', employeeId: null, rows: [3], code: 'UNKNOWN_WORKSPACE', error: 'x', value: 'Nowhere' },
];

/** Why an import failed: its organization was disabled while it ran (no user, no row). */
const stopped: UserImportErrorView = { email: null, employeeId: null, rows: [], code: 'ORGANIZATION_DISABLED', error: 'x', value: null };

/** The screen at `path` for an Organizational Admin, against the imports and errors above. */
function open(path: string) {
  return renderSignedIn(path, {
    api: {
      'GET /api/user-imports': () => ({ body: { userImports: imports, total: 25 } }),
      'GET /api/user-import/00000000-0000-4000-8000-000000000002/errors': (call) => {
        const email = new URLSearchParams(call.path.split('?')[1]).get('email')?.toLowerCase();
        const list = email ? errors.filter((e) => e.email?.toLowerCase().includes(email)) : errors;
        return { body: { errors: list, total: list.length } };
      },
      'GET /api/user-import/00000000-0000-4000-8000-000000000003/errors': () => ({ body: { errors: [stopped], total: 1 } }),
    },
  });
}

/** The screen with no import yet, where an upload is accepted as a queued import. */
function openUploadForm() {
  return renderSignedIn('/user-imports', {
    api: {
      'GET /api/user-imports': () => ({ body: { userImports: [], total: 0 } }),
      'POST /api/user-imports': () => ({ status: 201, body: { userImport: view({ status: 'processing', phase: 'queued' }) } }),
    },
  });
}

describe('the user imports screen', () => {
  it('lists imports with the spec’s status labels, live progress and "load more"', async () => {
    const ui = userEvent.setup();
    const { calls } = open('/user-imports');
    expect(await screen.findByRole('heading', { level: 1, name: 'User imports' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Imports' });
    const status = (name: string) => within(within(table).getByText(name).closest('tr') as HTMLElement);
    expect(status('running.csv').getByText('Processing')).toBeTruthy();
    expect(status('running.csv').getByText(/400 applied/)).toBeTruthy();
    expect(status('broken.csv').getByText('Input format or data errors')).toBeTruthy();
    expect(status('failed.csv').getByText('Error processing users')).toBeTruthy();
    expect(status('done.csv').getByText('Completed')).toBeTruthy();
    expect(status('queued.csv').getByText('Processing')).toBeTruthy();
    // Details links only on the failed ones; retry only where it can succeed: not for errors of the file.
    expect(status('broken.csv').getByRole('button', { name: 'Details' })).toBeTruthy();
    expect(status('done.csv').queryByRole('button', { name: 'Details' })).toBeNull();
    expect(status('failed.csv').getByRole('button', { name: 'Retry failed.csv' })).toBeTruthy();
    expect(status('broken.csv').queryByRole('button', { name: 'Retry broken.csv' })).toBeNull();
    expect(status('done.csv').queryByRole('button', { name: 'Retry done.csv' })).toBeNull();

    expect(screen.getByText('5 of 25 shown')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user-imports?page=2&limit=20')).toBe(true));
    expect(calls.find((c) => c.path.startsWith('/api/user-imports?'))?.path).toBe('/api/user-imports?page=1&limit=20');
  });

  // A status this build does not know comes from a newer server (the page was loaded before
  // an upgrade); the contract has no such status, so the scripted API cannot give it.
  it('shows a status it does not know as processing', async () => {
    render(<StatusChip status="paused" onDetails={() => {}} />);
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Details' })).toBeNull();
  });

  it('opens the errors of an import, filtered by e-mail in any case', async () => {
    const ui = userEvent.setup();
    const { calls } = open('/user-imports');
    const table = await screen.findByRole('table', { name: 'Imports' });
    await ui.click(within(within(table).getByText('broken.csv').closest('tr') as HTMLElement).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors of broken.csv' });
    expect(await within(dialog).findByText('The e-mail appears in more than one row.')).toBeTruthy();
    // On a phone each group is a block, each value under its column's name (lib/stacked-table.ts).
    expect(within(dialog).getByText('2, 7').getAttribute('data-label')).toBe('Rows');
    expect(within(dialog).getByText('The e-mail appears in more than one row.').closest('td')?.getAttribute('data-label')).toBe('Error');
    expect(within(dialog).getByText('Nowhere')).toBeTruthy();
    await ui.type(within(dialog).getByRole('searchbox', { name: 'Filter by e-mail' }), 'ANNA');
    await waitFor(() => expect(within(dialog).queryByText('Nowhere')).toBeNull());
    expect(calls.some((c) => c.path.includes('errors?page=1&limit=50&email=ANNA'))).toBe(true);
    expect(within(dialog).getByText('1 error')).toBeTruthy();
    const csv = within(dialog).getByRole('link', { name: 'Download as CSV' });
    expect(csv.getAttribute('href')).toBe('/api/user-import/00000000-0000-4000-8000-000000000002/errors.csv');
  });

  it('shows why a failed import stopped, in the language of the path: its organization was disabled', async () => {
    const ui = userEvent.setup();
    open('/fr/user-imports');
    const table = await screen.findByRole('table', { name: 'Importations' });
    const row = within(within(table).getByText('failed.csv').closest('tr') as HTMLElement);
    expect(row.getByText('Erreur lors du traitement des utilisateurs')).toBeTruthy();
    await ui.click(row.getByRole('button', { name: 'Détails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erreurs du fichier failed.csv' });
    expect(
      await within(dialog).findByText(
        'L’organisation a été désactivée : l’importation s’est arrêtée et ne crée, ne modifie ni n’invite plus d’utilisateurs.',
      ),
    ).toBeTruthy();
  });

  it('needs a file, refuses one that is not .csv, and keeps the separator to one character', async () => {
    const ui = userEvent.setup();
    const { calls } = open('/user-imports');
    const form = await screen.findByRole('form', { name: 'Upload a file' });
    await ui.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('You need to specify the file')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('no file detected');

    const input = screen.getByTestId('user-import-file') as HTMLInputElement;
    expect(input.accept).toContain('.csv');
    // Past the picker's filter (a browser lets "All files" through): the form itself refuses it.
    fireEvent.change(input, { target: { files: [new File(['email,name\n'], 'users.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Format is incorrect. Remember that we are expecting a CSV file')).toBeTruthy();
    expect(within(form).queryByText('users.txt')).toBeNull();

    // Read from the file unless another is chosen; any one character stays possible.
    const separator = within(form).getByRole('combobox', { name: 'Column separator' });
    expect(separator.textContent).toBe('Detect from the file');
    expect(within(form).queryByRole('textbox', { name: 'Separator character' })).toBeNull();
    await ui.click(separator);
    await ui.click(await screen.findByRole('option', { name: 'Another character' }));
    const character = within(form).getByRole('textbox', { name: 'Separator character' }) as HTMLInputElement;
    fireEvent.change(character, { target: { value: ';x' } });
    expect(character.value).toBe(';');
    expect(within(form).getByRole('link', { name: 'Download the template' }).getAttribute('href')).toBe(
      '/api/user-imports/template?columnSeparator=%3B',
    );
    fireEvent.change(character, { target: { value: '' } });
    expect(within(form).getByText('The column separator is exactly one character')).toBeTruthy();
    for (const option of ['Assign skills', 'Assign teams', 'Assign workspaces', 'Create users with employee ID', 'Disable users']) {
      expect(within(form).getByRole('checkbox', { name: option })).toBeTruthy();
    }
    const disableUsers = within(form).getByRole('checkbox', { name: 'Disable users' }) as HTMLInputElement;
    expect(disableUsers.checked).toBe(false);
    expect((within(form).getByRole('checkbox', { name: 'Assign teams' }) as HTMLInputElement).checked).toBe(true);
    await ui.click(disableUsers);
    expect(disableUsers.checked).toBe(true);
    expect(screenPosts(calls).length > 0).toBe(false);
  });

  it('says that new users get an invitation e-mail, and sends the admin’s choice with the upload', async () => {
    const ui = userEvent.setup();
    const { calls } = openUploadForm();
    const form = await screen.findByRole('form', { name: 'Upload a file' });
    const invite = within(form).getByRole('checkbox', { name: 'Send an invitation e-mail to new users' }) as HTMLInputElement;
    expect(invite.checked).toBe(true);
    expect(invite.getAttribute('aria-describedby')).toBeTruthy();
    const said = () => document.getElementById(invite.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(said()).toMatch(/^Each new user with an e-mail gets an e-mail, valid 14 days/);
    await ui.click(invite);
    expect(invite.checked).toBe(false);
    expect(said()).toBe('No e-mail is sent: the new users are created without an invitation.');

    fireEvent.change(screen.getByTestId('user-import-file'), { target: { files: [new File(['email,name\n'], 'team.csv')] } });
    await ui.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screenPosts(calls).length > 0).toBe(true));
    const sent = screenPosts(calls)[0]?.body as FormData;
    expect(sent.get('sendInvitations')).toBe('false');
    expect(sent.get('assignWorkspaces')).toBe('true');
    expect((sent.get('file') as File).name).toBe('team.csv');
    // The choice stays for the next file, like the other options.
    await screen.findByText('team.csv is uploaded: it is checked, then waits for your confirmation');
    expect(invite.checked).toBe(false);
  });

  it('notes every column of the template in the user’s language, and shows the invitation choice of an import', async () => {
    const ui = userEvent.setup();
    renderSignedIn('/es/user-imports', {
      api: {
        'GET /api/user-imports': () => ({
          body: { userImports: [view({ filename: 'callado.csv', options: { ...view({}).options, sendInvitations: false } })], total: 1 },
        }),
        'GET /api/user-import/00000000-0000-4000-8000-00000000000a': () => ({
          body: { userImport: view({ filename: 'callado.csv', options: { ...view({}).options, sendInvitations: false } }) },
        }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Subir un archivo' });
    await ui.click(within(form).getByRole('button', { name: 'Las columnas del archivo' }));
    for (const column of ['email', 'employeeId', 'name', 'role', 'workspaces', 'teams', 'skills', 'disabled']) {
      expect(within(form).getByText(column, { selector: 'dt' })).toBeTruthy();
    }
    expect(within(form).getByText(/^Nombres de espacios de trabajo de tu organización, separados por \|/)).toBeTruthy();
    expect(within(form).getByText(/^La plantilla está hecha para tu organización/)).toBeTruthy();

    await ui.click(await screen.findByRole('button', { name: 'Detalles de callado.csv' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Correos de invitación')).toBeTruthy();
    expect(within(dialog).getByText('No enviados (desactivados en esta importación)')).toBeTruthy();
  });

  it('gives one message, saying what to do, for a file that is not text: picked, or refused by the server', async () => {
    const ui = userEvent.setup();
    let refuse = false;
    const { calls } = renderSignedIn('/fr/user-imports', {
      api: {
        'GET /api/user-imports': () => ({ body: { userImports: [], total: 0 } }),
        'POST /api/user-imports': () =>
          refuse
            ? { status: 400, body: { statusCode: 400, code: 'USER_IMPORT_NOT_TEXT', message: 'x', details: { kind: 'workbook' } } }
            : { status: 201, body: { userImport: view({ status: 'processing', phase: 'queued' }) } },
      },
    });
    const form = await screen.findByRole('form', { name: 'Téléverser un fichier' });
    const input = screen.getByTestId('user-import-file') as HTMLInputElement;
    // A first upload: the form has been submitted, so an emptied file field would be checked again.
    fireEvent.change(input, { target: { files: [new File(['email;name\n'], 'equipe.csv')] } });
    await ui.click(within(form).getByRole('button', { name: 'Téléverser' }));
    // Found with its spaces collapsed; the one before the colon is a no-break space.
    const toast = await screen.findByText('Fichier equipe.csv envoyé : il est vérifié, puis attend votre confirmation');
    expect(toast.textContent).toContain('envoyé\u00a0:');

    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xe2, 0xe3])], 'rapport.pdf', {
      type: 'application/pdf',
    });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await screen.findByText(/^Ce fichier n’est pas du texte \(un PDF ou une image, par exemple\)/)).toBeTruthy();
    // That message only: no "no file" banner, no required-field hint, no generic format notice.
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).queryByText('Vous devez indiquer le fichier')).toBeNull();
    expect(screen.queryByText(/^Le format est incorrect/)).toBeNull();
    expect(screen.getAllByText(/Enregistrer sous › CSV/)).toHaveLength(1);

    // Named .csv, but a workbook: told before anything is sent.
    const xlsx = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])], 'personnes.csv');
    fireEvent.change(input, { target: { files: [xlsx] } });
    expect(await screen.findByText(/^Ce fichier est un classeur de tableur \(comme un \.xlsx\)/)).toBeTruthy();
    expect(within(form).queryByText('personnes.csv')).toBeNull();
    expect(screenPosts(calls)).toHaveLength(1);

    // What the server refuses (its check is the same) is said alike.
    refuse = true;
    fireEvent.change(input, { target: { files: [new File(['email;name\n'], 'autre.csv')] } });
    await ui.click(within(form).getByRole('button', { name: 'Téléverser' }));
    await waitFor(() => expect(screen.getAllByText(/^Ce fichier est un classeur de tableur/).length).toBeGreaterThan(1));
  });

  it('says which encoding the file was read in, in the user’s language', async () => {
    const ui = userEvent.setup();
    const read = view({ filename: 'excel.csv', columnSeparator: ';', encoding: 'windows-1252' });
    renderSignedIn('/pt/user-imports', {
      api: {
        'GET /api/user-imports': () => ({ body: { userImports: [read], total: 1 } }),
        'GET /api/user-import/00000000-0000-4000-8000-00000000000a': () => ({ body: { userImport: read } }),
      },
    });
    await ui.click(await screen.findByRole('button', { name: 'Detalhes de excel.csv' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Codificação')).toBeTruthy();
    expect(within(dialog).getByText('Windows-1252 (Europa Ocidental)')).toBeTruthy();
  });

  it('says only why the session ended when "SSO login only" ends it: the list behind the alert shows no "another device"', async () => {
    renderSignedIn('/pt/user-imports', {
      api: { 'GET /api/user-imports': () => sessionRevokedReply('sso_required') },
    });
    const alert = await screen.findByRole('alertdialog', { name: 'Sessão encerrada' });
    expect(within(alert).getByText('Sua organização agora só permite login único (SSO).')).toBeTruthy();
    // Past the list's own settling (its loading lines come after 200 ms): still nothing of the failure.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByTestId('list-failed')).toBeNull();
    expect(screen.queryByTestId('list-loading')).toBeNull();
    expect(document.body.textContent).not.toMatch(/outro dispositivo/);
    expect(document.body.textContent).not.toMatch(/Ainda não há importações/);
  });

  it('shows a checked import’s summary and applies it only on Confirm; only a running import offers Stop', async () => {
    const ui = userEvent.setup();
    const waiting = view({
      id: '00000000-0000-4000-8000-0000000000c1',
      filename: 'waiting.csv',
      status: 'awaiting_confirmation',
      phase: 'applying',
      columnSeparator: ';',
      columnSeparatorDetected: true,
      rowsApplied: 0,
      usersCreated: 0,
      summary: {
        newUsers: {
          count: 1200,
          samples: [
            { email: 'ana@acme.example', employeeId: null, name: 'Ana Lima' },
            { email: 'ana.lima@acme.example', employeeId: null, name: 'Ana Lima' },
            { email: null, employeeId: 'E-0042', name: 'Rui Costa' },
          ],
        },
        updatedUsers: { count: 3, samples: [{ email: null, employeeId: 'E-0007', name: null }] },
        disabledUsers: { count: 0, samples: [] },
        invitations: { count: 1200, samples: [{ email: 'ana.lima@acme.example', employeeId: null, name: 'Ana Lima' }] },
      },
    });
    const running = imports[0] as UserImportView;
    let answerConfirm: () => void = () => undefined;
    const { calls } = renderSignedIn('/user-imports', {
      api: {
        'GET /api/user-imports': () => ({ body: { userImports: [waiting, running], total: 2 } }),
        'PUT /api/user-import/00000000-0000-4000-8000-0000000000c1/confirm': () =>
          new Promise((resolve) => {
            answerConfirm = () => resolve({ body: { userImport: { ...waiting, status: 'processing' } } });
          }),
        'PUT /api/user-import/00000000-0000-4000-8000-000000000001/stop': () => ({
          body: { userImport: { ...running, status: 'stopped' } },
        }),
      },
    });
    const summary = await screen.findByRole('region', { name: 'Review waiting.csv before it is applied' });
    expect(within(summary).getByText('1,200', { selector: '[data-summary="newUsers"]', exact: false })).toBeTruthy();
    // Each sample is named by its e-mail (or employee ID) and name: the two Ana Limas are told apart.
    const samplesOf = (group: string) => {
      const dd = summary.querySelector(`[data-summary="${group}"]`) as HTMLElement;
      expect(dd.textContent).toContain('For example:');
      return within(dd)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    };
    expect(samplesOf('newUsers')).toEqual(['Ana Lima (ana@acme.example)', 'Ana Lima (ana.lima@acme.example)', 'Rui Costa (E-0042)']);
    expect(samplesOf('updatedUsers')).toEqual(['E-0007']);
    expect(samplesOf('invitations')).toEqual(['Ana Lima (ana.lima@acme.example)']);
    expect(summary.querySelector('[data-summary="disabledUsers"]')?.textContent).toBe('0');
    // The separator read from the file, said before anything is applied.
    expect(summary.querySelector('[data-summary="separator"]')?.textContent).toBe(
      'Column separator: Semicolon (;), detected from the file',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await ui.click(within(summary).getByRole('button', { name: 'Confirm and apply' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/confirm'))).toBe(true));
    // A browser drops the focus of a control that becomes disabled (jsdom does not): once
    // confirmed, it goes to the import's details, as the summary goes once the import is applied.
    (document.activeElement as HTMLElement).blur();
    answerConfirm();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Details of waiting.csv'));

    // A running import offers Stop; one waiting at its summary does not.
    expect(screen.getByRole('button', { name: 'Stop running.csv' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop waiting.csv' })).toBeNull();
    expect(within(summary).getByText('New users:')).toBeTruthy();
    // Orange, as docs/product.md has it; Stopped is the grey one.
    const waitingChip = within(summary.closest('tr') as HTMLElement)
      .getByText('Waiting for confirmation')
      .closest('.MuiChip-root');
    expect(waitingChip?.classList.contains('MuiChip-colorWarning')).toBe(true);

    // After Stop, the focus is on that import's details button (the Stop button goes with the run).
    await ui.click(screen.getByRole('button', { name: 'Stop running.csv' }));
    await ui.click(await screen.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/stop'))).toBe(true));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Details of running.csv'));
  });

  it('labels the summary’s counts through the catalogue: French puts a no-break space before the colon', async () => {
    const waiting = view({
      filename: 'attente.csv',
      status: 'awaiting_confirmation',
      phase: 'applying',
      summary: {
        newUsers: { count: 2, samples: [] },
        updatedUsers: { count: 0, samples: [] },
        disabledUsers: { count: 0, samples: [] },
        invitations: { count: 2, samples: [] },
      },
    });
    renderSignedIn('/fr/user-imports', { api: { 'GET /api/user-imports': () => ({ body: { userImports: [waiting], total: 1 } }) } });
    // Found with its spaces collapsed; the one before the colon is a no-break space.
    expect((await screen.findByText('Nouveaux utilisateurs :')).textContent).toBe('Nouveaux utilisateurs\u00a0: ');
    expect(screen.getByText('En attente de confirmation')).toBeTruthy();
  });

  it('offers to apply a file of more than 10,000 rows without waiting, sends that choice, and says it is being imported', async () => {
    const ui = userEvent.setup();
    const { calls } = openUploadForm();
    const form = await screen.findByRole('form', { name: 'Upload a file' });
    const input = screen.getByTestId('user-import-file');
    const rows = (n: number) => `email,name
${Array.from({ length: n }, (_, i) => `u${i}@acme.example,U ${i}`).join('\n')}\n`;
    fireEvent.change(input, { target: { files: [new File([rows(10_000)], 'small.csv')] } });
    await within(form).findByText('small.csv');
    expect(within(form).queryByRole('checkbox', { name: 'Apply without waiting for my confirmation' })).toBeNull();

    fireEvent.change(input, { target: { files: [new File([rows(10_001)], 'large.csv')] } });
    const unattended = await within(form).findByRole('checkbox', { name: 'Apply without waiting for my confirmation' });
    expect((unattended as HTMLInputElement).checked).toBe(false);
    expect(document.getElementById(unattended.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This file has more than 10,000 rows: it can be applied as soon as it is checked, without stopping at its summary.',
    );
    await ui.click(unattended);
    await ui.click(within(form).getByRole('button', { name: 'Upload' }));
    await screen.findByText('large.csv is being imported');
    const sent = screenPosts(calls)[0]?.body as FormData;
    expect(sent.get('applyWithoutConfirmation')).toBe('true');
    // The choice belongs to that file: gone with it.
    expect(within(form).queryByRole('checkbox', { name: 'Apply without waiting for my confirmation' })).toBeNull();
  });

  it('brings the uploaded import into view and focuses it, and keeps a notice of a failure until it is dismissed', async () => {
    const ui = userEvent.setup();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const fresh = view({ id: '00000000-0000-4000-8000-0000000000f1', filename: 'new.csv', status: 'processing', phase: 'queued' });
    let listed: UserImportView[] = [];
    renderSignedIn('/user-imports', {
      api: {
        'GET /api/user-imports': () => ({ body: { userImports: listed, total: listed.length } }),
        'POST /api/user-imports': () => {
          listed = [fresh];
          return { status: 201, body: { userImport: fresh } };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Upload a file' });
    fireEvent.change(screen.getByTestId('user-import-file'), { target: { files: [new File(['email,name\n'], 'new.csv')] } });
    await within(form).findByText('new.csv');
    await ui.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Details of new.csv'));
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));

    // It fails while polled: announced, and a notice that outlives a later success until dismissed.
    listed = [{ ...fresh, status: 'error', phase: 'done' }];
    const failed = 'new.csv ended with errors. Open its details to see them.';
    await waitFor(() => expect(screen.getAllByText(failed).length).toBe(2), { timeout: 5000 });
    const notice = screen.getAllByText(failed).find((e) => e.closest('.notistack-MuiContent')) as HTMLElement;
    const dismiss = within(notice.closest('.notistack-MuiContent') as HTMLElement).getByRole('button', { name: 'Dismiss' });
    await ui.click(dismiss);
    await waitFor(() => expect(screen.getAllByText(failed).length).toBe(1));
  });

  it('starts the form from the organization’s last upload: invitations stay off after a reload', async () => {
    renderSignedIn('/user-imports', {
      api: {
        'GET /api/user-imports': () => ({ body: { userImports: [], total: 0 } }),
        'GET /api/user-imports/defaults': () => ({
          body: { options: { ...view({}).options, sendInvitations: false }, columnSeparator: ';' },
        }),
        'POST /api/user-imports': () => ({ status: 201, body: { userImport: view({ status: 'processing', phase: 'queued' }) } }),
      },
    });
    const invitations = await screen.findByRole('checkbox', { name: 'Send an invitation e-mail to new users' });
    await waitFor(() => expect((invitations as HTMLInputElement).checked).toBe(false));
    // The separator the last upload chose, too.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Column separator' }).textContent).toBe('Semicolon (;)'));
  });

  it('sends "detect" when no separator is chosen', async () => {
    const ui = userEvent.setup();
    const { calls } = openUploadForm();
    const form = await screen.findByRole('form', { name: 'Upload a file' });
    fireEvent.change(screen.getByTestId('user-import-file'), { target: { files: [new File(['email;name\n'], 'excel.csv')] } });
    await ui.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(body.get('columnSeparator')).toBe('detect');
  });

  it('says while invitations go out how many are sent and about how long the rest take, and a completed import’s counts', async () => {
    const sending = view({
      filename: 'big.csv',
      rowsTotal: 30_000,
      rowsRead: 30_000,
      rowsApplied: 30_000,
      usersCreated: 29_990,
      usersUpdated: 10,
      invitationsSent: 7_063,
      invitationsPending: 22_937,
      invitationsSecondsLeft: 6_000,
      columnSeparator: ';',
      columnSeparatorDetected: true,
    });
    const ui = userEvent.setup();
    renderSignedIn('/fr/user-imports', {
      api: {
        'GET /api/user-imports': () => ({ body: { userImports: [sending], total: 1 } }),
        'GET /api/user-import/00000000-0000-4000-8000-00000000000a': () => ({ body: { userImport: sending } }),
      },
    });
    const table = await screen.findByRole('table');
    const row = within(within(table).getByText('big.csv').closest('tr') as HTMLElement);
    // Spaces as the page prints them: French puts no-break spaces in numbers and before a colon.
    const text = (selector: string) => (document.querySelector(selector)?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(text('[data-invitations-progress]')).toBe(
      'Appliquée · invitations : 7 063 sur 30 000 envoyées · temps restant : environ 1,7 heure',
    );
    expect(text('[data-completed-report]')).toBe('30 000 lignes appliquées sur 30 000 : 29 990 créés, 10 mis à jour, 0 en échec.');
    expect(Number(row.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeCloseTo((100 * 7_063) / 30_000);
    await ui.click(row.getByRole('button', { name: 'Détails du fichier big.csv' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('[data-invitations-progress]')?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toMatch(
      /7 063 sur 30 000 envoyées/,
    );
    expect(dialog.querySelector('[data-separator-detected]')?.textContent).toBe('Point-virgule (;), détecté dans le fichier');
  });

  it.each([
    ['/es', 'Aplicada · invitaciones: 3 de 4 enviadas · tiempo restante: aprox. 1 segundo'],
    ['/fr', 'Appliquée · invitations : 3 sur 4 envoyées · temps restant : environ 1 seconde'],
    ['/pt', 'Aplicada · convites: 3 de 4 enviados · tempo restante: cerca de 1 segundo'],
  ])('says the time left so that it reads right for one second too (%s)', async (prefix, expected) => {
    const sending = view({ invitationsSent: 3, invitationsPending: 1, invitationsSecondsLeft: 1 });
    renderSignedIn(`${prefix}/user-imports`, {
      api: { 'GET /api/user-imports': () => ({ body: { userImports: [sending], total: 1 } }) },
    });
    await waitFor(() =>
      expect(document.querySelector('[data-invitations-progress]')?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(expected),
    );
  });

  it('names a format error’s line in the page’s language, with no parser text', async () => {
    const ui = userEvent.setup();
    const broken = view({
      id: '00000000-0000-4000-8000-000000000002',
      filename: 'cassé.csv',
      status: 'validation_error',
      rowsWithErrors: 1,
    });
    renderSignedIn('/fr/user-imports', {
      api: {
        'GET /api/user-imports': () => ({ body: { userImports: [broken], total: 1 } }),
        'GET /api/user-import/00000000-0000-4000-8000-000000000002/errors': () => ({
          body: {
            errors: [{ email: null, employeeId: null, rows: [1802], code: 'UNCLOSED_QUOTE', error: 'English text', value: null }],
            total: 1,
          },
        }),
      },
    });
    await ui.click(await screen.findByRole('button', { name: 'Détails' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Un guillemet ouvert sur cette ligne n’est jamais fermé/)).toBeTruthy();
    expect(within(dialog).getByText(/1802/)).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/English text|Quote Not Closed/);
  });
});
