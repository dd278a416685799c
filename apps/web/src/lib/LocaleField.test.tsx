/** The language select of the organization forms: the four languages, each named in itself, and the one chosen is the form's value. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { LocaleField } from './LocaleField';

function Form({ onValue }: { onValue: (locale: string) => void }) {
  const form = useForm<{ locale: string }>({ defaultValues: { locale: 'fr' } });
  return (
    <form aria-label="A form" onSubmit={form.handleSubmit((values) => onValue(values.locale))}>
      <LocaleField control={form.control} name="locale" label="Language" helperText="Of its e-mails" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('LocaleField', () => {
  it('offers the four languages in their own names and gives the form the one chosen', async () => {
    const chosen: string[] = [];
    render(<Form onValue={(locale) => chosen.push(locale)} />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select.textContent).toBe('Français');
    expect(screen.getByText('Of its e-mails')).toBeTruthy();

    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
      ['Français', 'fr'],
      ['Português', 'pt'],
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Português' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(chosen).toEqual(['pt']));
  });
});
