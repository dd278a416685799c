/** The user-imports screen in jsdom against a scripted API. */
import type { UserImportErrorView, UserImportView } from '@console/contracts/user-imports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { renderSignedIn } from '../../test/app';

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
    options: { assignSkills: true, assignTeams: true, assignWorkspaces: true, createEmployeeIdUsers: true, disableUsers: false },
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
  view({ id: '00000000-0000-4000-8000-000000000005', filename: 'future.csv', status: 'paused' as never }),
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

describe('the user imports screen', () => {
  it('lists imports with the spec’s status labels, unknown ones as processing, live progress and "load more"', async () => {
    const ui = userEvent.setup();
    const { calls } = open('/user-imports');
    expect(await screen.findByRole('heading', { level: 1, name: 'User imports' }, { timeout: 10_000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Imports' }, { timeout: 10_000 });
    const status = (name: string) => within(within(table).getByText(name).closest('tr') as HTMLElement);
    expect(status('running.csv').getByText('Processing')).toBeTruthy();
    expect(status('running.csv').getByText(/400 applied/)).toBeTruthy();
    expect(status('broken.csv').getByText('Input format or data errors')).toBeTruthy();
    expect(status('failed.csv').getByText('Error processing users')).toBeTruthy();
    expect(status('done.csv').getByText('Completed')).toBeTruthy();
    expect(status('future.csv').getByText('Processing')).toBeTruthy();
    // Details links only on the failed ones; retry too.
    expect(status('broken.csv').getByRole('button', { name: 'Details' })).toBeTruthy();
    expect(status('done.csv').queryByRole('button', { name: 'Details' })).toBeNull();
    expect(status('failed.csv').getByRole('button', { name: 'Retry failed.csv' })).toBeTruthy();
    expect(status('done.csv').queryByRole('button', { name: 'Retry done.csv' })).toBeNull();

    expect(screen.getByText('5 of 25 shown')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user-imports?page=2&limit=20')).toBe(true));
    expect(calls.find((c) => c.path.startsWith('/api/user-imports?'))?.path).toBe('/api/user-imports?page=1&limit=20');
  });

  it('opens the errors of an import, filtered by e-mail in any case', async () => {
    const ui = userEvent.setup();
    const { calls } = open('/user-imports');
    const table = await screen.findByRole('table', { name: 'Imports' }, { timeout: 10_000 });
    await ui.click(within(within(table).getByText('broken.csv').closest('tr') as HTMLElement).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errors of broken.csv' });
    expect(await within(dialog).findByText('The e-mail appears in more than one row.')).toBeTruthy();
    expect(within(dialog).getByText('2, 7')).toBeTruthy();
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
    const table = await screen.findByRole('table', { name: 'Importations' }, { timeout: 10_000 });
    const row = within(within(table).getByText('failed.csv').closest('tr') as HTMLElement);
    expect(row.getByText('Erreur lors du traitement des utilisateurs')).toBeTruthy();
    await ui.click(row.getByRole('button', { name: 'Détails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erreurs de failed.csv' });
    expect(
      await within(dialog).findByText(
        'L’organisation a été désactivée : l’importation s’est arrêtée et ne crée, ne modifie ni n’invite plus d’utilisateurs.',
      ),
    ).toBeTruthy();
  });

  it('needs a file, refuses one that is not .csv, and keeps the separator to one character', async () => {
    const ui = userEvent.setup();
    const { calls } = open('/user-imports');
    const form = await screen.findByRole('form', { name: 'Upload a file' }, { timeout: 10_000 });
    await ui.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('You need to specify the file')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('no file detected');

    const input = screen.getByTestId('user-import-file') as HTMLInputElement;
    expect(input.accept).toContain('.csv');
    // Past the picker's filter (a browser lets "All files" through): the form itself refuses it.
    fireEvent.change(input, { target: { files: [new File(['email,name\n'], 'users.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Format is incorrect. Remember that we are expecting a CSV file')).toBeTruthy();
    expect(within(form).queryByText('users.txt')).toBeNull();

    const separator = within(form).getByRole('textbox', { name: 'Column separator' }) as HTMLInputElement;
    expect(separator.value).toBe(',');
    fireEvent.change(separator, { target: { value: ';x' } });
    expect(separator.value).toBe(';');
    expect(within(form).getByRole('link', { name: 'Download the template' }).getAttribute('href')).toBe(
      '/api/user-imports/template?columnSeparator=%3B',
    );
    fireEvent.change(separator, { target: { value: '' } });
    expect(within(form).getByText('The column separator is exactly one character')).toBeTruthy();
    for (const option of ['Assign skills', 'Assign teams', 'Assign workspaces', 'Create users with employee ID', 'Disable users']) {
      expect(within(form).getByRole('checkbox', { name: option })).toBeTruthy();
    }
    const disableUsers = within(form).getByRole('checkbox', { name: 'Disable users' }) as HTMLInputElement;
    expect(disableUsers.checked).toBe(false);
    expect((within(form).getByRole('checkbox', { name: 'Assign teams' }) as HTMLInputElement).checked).toBe(true);
    await ui.click(disableUsers);
    expect(disableUsers.checked).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
