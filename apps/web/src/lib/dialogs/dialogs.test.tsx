import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { AppDialog, DIALOG_EMIT_DELAY_MS } from './AppDialog';
import { ConfirmProvider, useConfirm } from './confirm';
import { isTypedInput } from './rule';

afterEach(() => vi.useRealTimers());

it('emits close and save 111 ms after the click, and is not closed by a click outside', async () => {
  await initI18n();
  const onClose = vi.fn();
  const onSave = vi.fn();
  render(
    <AppDialog open title="Details" size="confirm" onClose={onClose} onSave={onSave}>
      body
    </AppDialog>,
  );
  const dialog = await screen.findByRole('dialog');
  expect(getComputedStyle(dialog).maxWidth).toBe('450px');
  const backdrop = document.querySelector('.MuiBackdrop-root');
  expect(backdrop).toBeTruthy();
  fireEvent.mouseDown(backdrop as Element);
  fireEvent.click(backdrop as Element);
  await new Promise((resolve) => setTimeout(resolve, DIALOG_EMIT_DELAY_MS * 2));
  expect(onClose).not.toHaveBeenCalled();
  vi.useFakeTimers();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  act(() => vi.advanceTimersByTime(DIALOG_EMIT_DELAY_MS - 1));
  expect(onSave).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(1));
  expect(onSave).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  act(() => vi.advanceTimersByTime(DIALOG_EMIT_DELAY_MS));
  expect(onClose).toHaveBeenCalledTimes(1);
});

type ConfirmOptions = Parameters<ReturnType<typeof useConfirm>>[0];
let answer: Promise<boolean> | undefined;
function Ask({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => (answer = confirm(options))}>
      ask
    </button>
  );
}

/** Asks for a confirmation with these options, through the provider, and clicks "ask". */
async function ask(options: ConfirmOptions = { title: 'Remove it?', confirmLabel: 'Remove' }) {
  await initI18n();
  render(
    <ConfirmProvider>
      <Ask options={options} />
    </ConfirmProvider>,
  );
  fireEvent.click(screen.getByText('ask'));
}

it('answers a confirmation through a promise', async () => {
  await ask();
  const dialog = await screen.findByRole('alertdialog', { name: 'Remove it?' });
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  await expect(answer).resolves.toBe(true);
  expect(dialog).toBeTruthy();
});

/** A button that opens a dialog; `removedOnClose`: the dialog is removed as it closes, as the import errors are. */
function Opener({ removedOnClose = false }: { removedOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <AppDialog open={removedOnClose || open} title="Details" onClose={() => setOpen(false)}>
      body
    </AppDialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open it
      </button>
      {removedOnClose ? open && dialog : dialog}
    </>
  );
}

it('gives the focus back to what opened it once it has closed', async () => {
  await initI18n();
  render(<Opener />);
  const trigger = screen.getByRole('button', { name: 'open it' });
  trigger.focus();
  fireEvent.click(trigger);
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(trigger));
});

it('asks to type the name before an irreversible confirmation, with a red confirm button', async () => {
  await ask({ title: 'Disable Acme?', confirmLabel: 'Disable', typeToConfirm: 'Acme Manufacturing' });
  const dialog = await screen.findByRole('alertdialog', { name: 'Disable Acme?' });
  const disable = screen.getByRole('button', { name: 'Disable' }) as HTMLButtonElement;
  expect(disable.disabled).toBe(true);
  expect(disable.className).toMatch(/colorError/);
  expect(screen.getByRole('button', { name: 'Cancel' }).className).not.toMatch(/colorError/);
  const field = screen.getByRole('textbox', { name: 'Type “Acme Manufacturing” to confirm' });
  fireEvent.change(field, { target: { value: 'acme manufacturing' } });
  expect(disable.disabled).toBe(true);
  fireEvent.change(field, { target: { value: ' Acme Manufacturing ' } });
  expect(disable.disabled).toBe(false);
  fireEvent.click(disable);
  await expect(answer).resolves.toBe(true);
  expect(dialog).toBeTruthy();
});

it('keeps an ordinary confirmation primary, and a new request starts with an empty name', async () => {
  await ask();
  await screen.findByRole('alertdialog', { name: 'Remove it?' });
  expect(screen.getByRole('button', { name: 'Remove' }).className).toMatch(/colorPrimary/);
  expect(screen.queryByRole('textbox')).toBeNull();
});

/** A dialog with a text field and a search field, as the form and the import errors have. */
function FieldsDialog({ onClose, persistent }: { onClose: () => void; persistent?: boolean }) {
  return (
    <AppDialog open title="Fields" onClose={onClose} persistent={persistent}>
      <input type="search" aria-label="Filter" />
      <input aria-label="Name" />
    </AppDialog>
  );
}

const pressEscape = (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape' });
const emitted = () => new Promise((resolve) => setTimeout(resolve, DIALOG_EMIT_DELAY_MS * 2));

it('closes on Escape while nothing has been typed into it, a search aside, and focuses its first text field', async () => {
  await initI18n();
  const onClose = vi.fn();
  render(<FieldsDialog onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  // The first field where text is written, not the search before it.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
  fireEvent.input(screen.getByRole('searchbox', { name: 'Filter' }), { target: { value: 'ada' } });
  pressEscape(dialog);
  await emitted();
  expect(onClose).toHaveBeenCalledTimes(1);
});

it('stays open on Escape once text has been typed into it', async () => {
  await initI18n();
  const onClose = vi.fn();
  render(<FieldsDialog onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'A' } });
  pressEscape(dialog);
  await emitted();
  expect(onClose).not.toHaveBeenCalled();
  // Its buttons still close it.
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await emitted();
  expect(onClose).toHaveBeenCalledTimes(1);
});

it('stays open on Escape when its caller marks it persistent (a secret not yet copied)', async () => {
  await initI18n();
  const onClose = vi.fn();
  render(<FieldsDialog onClose={onClose} persistent />);
  pressEscape(await screen.findByRole('dialog'));
  await emitted();
  expect(onClose).not.toHaveBeenCalled();
});

it('counts text fields as typed input, not searches, choices or autocompletes', () => {
  const input = (attrs: Record<string, string>, tag = 'input') => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
  expect(isTypedInput(input({}))).toBe(true);
  expect(isTypedInput(input({ type: 'email' }))).toBe(true);
  expect(isTypedInput(input({}, 'textarea'))).toBe(true);
  expect(isTypedInput(input({ type: 'search' }))).toBe(false);
  expect(isTypedInput(input({ type: 'radio' }))).toBe(false);
  expect(isTypedInput(input({ type: 'checkbox' }))).toBe(false);
  expect(isTypedInput(input({ role: 'combobox' }))).toBe(false);
  expect(isTypedInput(document.createElement('div'))).toBe(false);
});

it('answers a confirmation "no" on Escape before its name is typed, and focuses the name field on opening', async () => {
  await ask({ title: 'Delete Acme?', confirmLabel: 'Delete', typeToConfirm: 'Acme' });
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete Acme?' });
  const field = screen.getByRole('textbox', { name: 'Type “Acme” to confirm' });
  await waitFor(() => expect(document.activeElement).toBe(field));
  pressEscape(dialog);
  await expect(answer).resolves.toBe(false);
});

it('keeps a confirmation open on Escape once its name is being typed', async () => {
  await ask({ title: 'Delete Acme?', confirmLabel: 'Delete', typeToConfirm: 'Acme' });
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete Acme?' });
  fireEvent.input(screen.getByRole('textbox', { name: 'Type “Acme” to confirm' }), { target: { value: 'Ac' } });
  pressEscape(dialog);
  await emitted();
  expect(screen.getByRole('alertdialog', { name: 'Delete Acme?' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await expect(answer).resolves.toBe(false);
});

/** A list whose rows each open a confirmation that removes them, as the user imports do. */
function RemovableRows() {
  const [rows, setRows] = useState(['one', 'two', 'three']);
  const confirm = useConfirm();
  return (
    <main id="main" tabIndex={-1}>
      <ul>
        {rows.map((r) => (
          <li key={r}>
            <button type="button">Open {r}</button>
            <button
              type="button"
              onClick={async () => {
                if (await confirm({ title: `Remove ${r}?`, confirmLabel: 'Remove' })) {
                  // The list drops the row a little after the dialog has gone (a refetch).
                  setTimeout(() => setRows((all) => all.filter((x) => x !== r)), 400);
                }
              }}
            >
              Remove {r}
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}

it('after its row has been removed, gives the focus to the same button of the next row, else the previous one', async () => {
  await initI18n();
  render(
    <ConfirmProvider>
      <RemovableRows />
    </ConfirmProvider>,
  );
  const removeVia = async (name: string) => {
    const trigger = screen.getByRole('button', { name: `Remove ${name}` });
    trigger.focus();
    fireEvent.click(trigger);
    await screen.findByRole('alertdialog', { name: `Remove ${name}?` });
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Remove ${name}` })).toBeNull());
  };
  await removeVia('two');
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove three' })));
  await removeVia('three');
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove one' })));
  await removeVia('one');
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
});

it('gives the focus back also when its caller removes it on closing (Escape, nothing typed)', async () => {
  await initI18n();
  render(<Opener removedOnClose />);
  const trigger = screen.getByRole('button', { name: 'open it' });
  trigger.focus();
  fireEvent.click(trigger);
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  pressEscape(dialog);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(trigger));
});
