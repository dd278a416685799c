/**
 * MUI's built-in texts follow the page's language (localized-theme.tsx): the Provisioning
 * screen's workspace picker, an Autocomplete given no texts of its own, in each language.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const provisioning = {
  'GET /api/provisioning': () => ({
    body: {
      baseUrl: 'https://console.example.com/api/scim/v2',
      tokens: [],
      config: {
        defaultRole: 'viewer',
        defaultWorkspaceIds: ['11111111-1111-4111-8111-111111111111'],
        sendInvitations: false,
        managesAdmins: false,
      },
      workspaces: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Assembly' }],
      lastCallAt: null,
    },
  }),
  'GET /api/provisioning/events': () => ({ body: { events: [], total: 0 } }),
};

const TEXTS = {
  '': { workspaces: 'Workspaces', open: 'Open', close: 'Close', clear: 'Clear', none: 'Nothing matches' },
  '/es': { workspaces: 'Espacios de trabajo', open: 'Abrir', close: 'Cerrar', clear: 'Borrar', none: 'No hay coincidencias' },
  '/fr': { workspaces: 'Espaces de travail', open: 'Ouvrir', close: 'Fermer', clear: 'Effacer', none: 'Aucun résultat' },
  '/pt': { workspaces: 'Espaços de trabalho', open: 'Abrir', close: 'Fechar', clear: 'Limpar', none: 'Nenhum resultado' },
};

describe('the autocomplete speaks the page’s language', () => {
  for (const [prefix, text] of Object.entries(TEXTS))
    it(`${prefix || '/'}: Open, Close, Clear and "nothing matches" are in the page’s language`, async () => {
      const user = userEvent.setup();
      renderSignedIn(`${prefix}/provisioning`, { api: provisioning });
      const field = await screen.findByRole('combobox', { name: text.workspaces });
      const picker = field.closest('.MuiAutocomplete-root') as HTMLElement;
      expect(await within(picker).findByText('Assembly')).toBeTruthy();
      await user.click(within(picker).getByRole('button', { name: text.open }));
      // Open, the list's button says Close; focused, the field shows its Clear button.
      expect(within(picker).getByRole('button', { name: text.close })).toBeTruthy();
      expect(within(picker).getByRole('button', { name: text.clear })).toBeTruthy();
      await user.type(field, 'zzz');
      expect(await screen.findByText(text.none)).toBeTruthy();
      if (prefix) expect(within(picker).queryByRole('button', { name: /^(Open|Close|Clear)$/ })).toBeNull();
    });
});
