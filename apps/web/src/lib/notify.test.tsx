import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { COPY_NOTICE_MS, NOTIFY_MS, NotificationsProvider, notify } from './notify';
import { useWait, WaitOverlayProvider } from './wait-overlay';

afterEach(() => vi.useRealTimers());

/** Fake time in small steps, each in act(), so timers that React effects set on the way run too. */
function advance(ms: number) {
  for (let left = ms; left > 0; left -= 50) act(() => vi.advanceTimersByTime(Math.min(50, left)));
}

function background(text: string): string {
  const content = screen.getByText(text).closest('.notistack-MuiContent') as HTMLElement;
  return getComputedStyle(content).backgroundColor;
}

it('shows notices in green, grey and red, waiting for notistack to load', async () => {
  render(<NotificationsProvider>page</NotificationsProvider>);
  notify.success('Saved');
  notify.info('For your information');
  notify.error('It failed');
  await screen.findByText('Saved');
  await screen.findByText('It failed');
  expect(background('Saved')).toBe('rgb(46, 125, 50)');
  expect(background('For your information')).toBe('rgb(97, 97, 97)');
  expect(background('It failed')).toBe('rgb(198, 40, 40)');
});

it('hides a notice after 3003 ms, a copy notice after 1500 ms', async () => {
  render(<NotificationsProvider>page</NotificationsProvider>);
  notify.info('warm-up');
  await screen.findByText('warm-up');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'] });
  act(() => {
    notify.info('Default notice');
    notify.success('Copied', { autoHideDuration: COPY_NOTICE_MS });
  });
  // Each notice is there until its time, and gone once its exit transitions ran (under 1.5 s).
  advance(COPY_NOTICE_MS - 1);
  expect(screen.getByText('Copied')).toBeTruthy();
  advance(1501);
  expect(screen.queryByText('Copied')).toBeNull();
  expect(screen.getByText('Default notice')).toBeTruthy();
  advance(NOTIFY_MS - 2 * COPY_NOTICE_MS - 1);
  expect(screen.getByText('Default notice')).toBeTruthy();
  advance(1501);
  expect(screen.queryByText('Default notice')).toBeNull();
});

let release: () => void = () => {};
function Busy() {
  const wait = useWait();
  return (
    <button type="button" onClick={() => void wait.during('Saving the file…', new Promise<void>((resolve) => (release = resolve)))}>
      go
    </button>
  );
}

it('shows the wait overlay with its message while the work runs', async () => {
  render(
    <WaitOverlayProvider>
      <Busy />
    </WaitOverlayProvider>,
  );
  expect(screen.queryByTestId('wait-overlay')).toBeNull();
  act(() => screen.getByText('go').click());
  expect(screen.getByRole('status').textContent).toBe('Saving the file…');
  await act(async () => release());
  await waitFor(() => expect(screen.queryByTestId('wait-overlay')).toBeNull());
});

it('closes the errors a later success makes stale, and keeps an error that comes after', async () => {
  render(<NotificationsProvider>page</NotificationsProvider>);
  notify.error('Could not save');
  await screen.findByText('Could not save');
  notify.success('Saved');
  await screen.findByText('Saved');
  await waitFor(() => expect(screen.queryByText('Could not save')).toBeNull());
  notify.error('Could not delete');
  await screen.findByText('Could not delete');
  expect(screen.getByText('Saved')).toBeTruthy();
});

it('keeps a notice that persists past its time and past a success, until its Dismiss button is pressed', async () => {
  render(<NotificationsProvider>page</NotificationsProvider>);
  notify.info('warm-up');
  await screen.findByText('warm-up');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'] });
  act(() => notify.error('The import failed', { persist: true }));
  advance(NOTIFY_MS + 1501);
  expect(screen.getByText('The import failed')).toBeTruthy();
  act(() => notify.success('Saved'));
  advance(1501);
  expect(screen.getByText('The import failed')).toBeTruthy();
  const content = screen.getByText('The import failed').closest('.notistack-MuiContent') as HTMLElement;
  act(() => (content.querySelector('button') as HTMLButtonElement).click());
  advance(1501);
  expect(screen.queryByText('The import failed')).toBeNull();
});

it("shows a form's errors notice once while it is on screen, however often the form is submitted with them", async () => {
  render(<NotificationsProvider>page</NotificationsProvider>);
  notify.formErrors('The form has errors');
  await screen.findByText('The form has errors');
  act(() => {
    notify.formErrors('The form has errors');
    notify.formErrors('The form has errors');
    notify.error('Another problem');
  });
  await screen.findByText('Another problem');
  expect(screen.getAllByText('The form has errors')).toHaveLength(1);
});
