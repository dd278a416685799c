/** An access key as the API lists it, for screen tests: key `n`, with `overrides`; the screen with its New key form open. */
import type { AccessKeyView } from '@console/contracts/access-keys';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn } from './app';

export function anAccessKey(n: number, overrides: Partial<AccessKeyView> = {}): AccessKeyView {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Key ${n}`,
    description: `Used by system ${n}`,
    keyPrefix: 'wfk_AbCd',
    keyLast4: `${1000 + n}`.slice(-4),
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: { id: '00000000-0000-4000-8000-000000000001', displayName: 'Ada Admin', email: 'admin@acme.example' },
    updatedAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    previousKeyExpiresAt: null,
    permissions: 'full',
    actsAlone: false,
    ...overrides,
  };
}

/** The keys screen with no key yet and its "New key" form open; creating answers the key with its secret. */
export async function openNewKeyForm() {
  const user = userEvent.setup();
  const { calls } = renderSignedIn('/keys', {
    api: {
      'GET /api/integrations': () => ({ body: { integrations: [], total: 0 } }),
      'POST /api/integrations': ({ body }) => ({
        status: 201,
        body: { integration: anAccessKey(1, body as Partial<AccessKeyView>), accessKey: 'wfk_secretsecretsecretsecretsecretse123456' },
      }),
    },
  });
  await user.click(await screen.findByRole('button', { name: 'New key' }));
  const form = await screen.findByRole('form', { name: 'New access key' });
  return { user, calls, form };
}
