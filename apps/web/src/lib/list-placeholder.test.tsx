import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { HttpError } from './http';
import { LOADING_DELAY_MS, listPlaceholder, type PlaceholderList } from './list-placeholder';

const texts = { failedKey: 'userImports:list.failed', empty: 'No imports yet.' };
const idle: PlaceholderList = { isPending: false, isError: false, error: null };

function Host({ list, isEmpty = true }: { list: PlaceholderList; isEmpty?: boolean }) {
  return <>{listPlaceholder(list, isEmpty, texts) ?? 'the rows'}</>;
}

beforeAll(() => initI18n());
afterEach(() => vi.useRealTimers());

describe('listPlaceholder', () => {
  it('shows no loading lines before 200 ms, then shows them', () => {
    vi.useFakeTimers();
    render(<Host list={{ ...idle, isPending: true }} />);
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS - 1));
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('never shows the loading lines when the answer comes within 200 ms', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Host list={{ ...idle, isPending: true }} />);
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS - 50));
    rerender(<Host list={idle} isEmpty={false} />);
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('the rows')).toBeTruthy();
  });

  it('shows a failure, not the empty text, and its Retry calls refetch', () => {
    const refetch = vi.fn();
    render(<Host list={{ ...idle, isError: true, error: new HttpError('boom', 'SOMETHING_UNTRANSLATED', 500), refetch }} />);
    expect(screen.getByRole('alert').textContent).toContain('The imports could not be loaded.');
    expect(screen.queryByText('No imports yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('offers no Retry when asking again cannot help: the thing is not there, or the request is refused', () => {
    const refetch = vi.fn();
    for (const [status, code] of [
      [404, 'NOT_FOUND'],
      [403, 'FORBIDDEN'],
      [400, 'VALIDATION_ERROR'],
    ] as const) {
      const { unmount } = render(<Host list={{ ...idle, isError: true, error: new HttpError('no', code, status), refetch }} />);
      expect(screen.getByRole('alert')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Retry' }), `${status}`).toBeNull();
      unmount();
    }
    for (const status of [408, 429, 503]) {
      const { unmount } = render(<Host list={{ ...idle, isError: true, error: new HttpError('later', 'BUSY', status), refetch }} />);
      expect(screen.getByRole('button', { name: 'Retry' }), `${status}`).toBeTruthy();
      unmount();
    }
  });

  it('offers no Retry when the list cannot be asked again', () => {
    render(<Host list={{ ...idle, isError: true, error: new Error('x') }} />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing when the session ended: no "another device", no empty text, no Retry (the session-ended alert says why)', () => {
    for (const details of [{ reason: 'sso_required' }, undefined]) {
      const error = new HttpError('closed', 'SESSION_REVOKED', 401, details);
      const { container, unmount } = render(<Host list={{ ...idle, isError: true, error, refetch: vi.fn() }} />);
      expect(container.textContent).toBe('');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button')).toBeNull();
      unmount();
    }
  });

  it('shows the empty text for an empty list, and nothing for one with rows', () => {
    const { rerender } = render(<Host list={idle} />);
    expect(screen.getByText('No imports yet.')).toBeTruthy();
    rerender(<Host list={idle} isEmpty={false} />);
    expect(screen.getByText('the rows')).toBeTruthy();
  });
});
