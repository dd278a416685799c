/** An access key as the API lists it, for screen tests: key `n`, with `overrides`. */
import type { AccessKeyView } from '@console/contracts/access-keys';

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
    ...overrides,
  };
}
