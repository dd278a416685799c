import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchText } from './use-search-text';

function SearchField() {
  const { text, setText, q } = useSearchText();
  return (
    <>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <output aria-label="Searched">{q}</output>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/list', element: <SearchField /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const field = () => screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
const addressQ = (router: ReturnType<typeof createMemoryRouter>) => new URLSearchParams(router.state.location.search).get('q');

describe('useSearchText', () => {
  it('starts from the address and writes typed text into it once typing pauses', async () => {
    const router = renderAt('/list?q=ana&status=active');
    expect(field().value).toBe('ana');
    await userEvent.type(field(), ' lima ');
    await waitFor(() => expect(addressQ(router)).toBe('ana lima'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('active');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Searched' }).textContent).toBe('ana lima'));
  });

  it('follows the address when something else changes it, and never writes the old text back', async () => {
    const router = renderAt('/list');
    await userEvent.type(field(), 'old');
    await waitFor(() => expect(addressQ(router)).toBe('old'));

    // A link (or Back) to another search: the field shows it, and it stays.
    await act(() => router.navigate('/list?q=new'));
    expect(field().value).toBe('new');
    // Longer than the pause after which typed text is written.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(addressQ(router)).toBe('new');

    // Clear: the address loses the search and so does the field.
    await act(() => router.navigate('/list'));
    expect(field().value).toBe('');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(addressQ(router)).toBeNull();
  });
});
