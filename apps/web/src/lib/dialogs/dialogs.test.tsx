import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { AppDialog, DIALOG_EMIT_DELAY_MS } from './AppDialog';
import { ConfirmProvider, useConfirm } from './confirm';

afterEach(() => vi.useRealTimers());

it('emits close and save 111 ms after the click, and is not closed by Escape', async () => {
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
  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(screen.getByRole('dialog')).toBeTruthy();
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

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open it
      </button>
      <AppDialog open={open} title="Details" onClose={() => setOpen(false)}>
        body
      </AppDialog>
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
