/**
 * The dashboard's cards, in order: one line per card. A feature adds the card of its
 * screen (access keys, user imports, analytics, docs) when that screen lands; each card is a
 * lazily loaded component that links to its screen.
 */
import { type ComponentType, lazy } from 'react';
import { withChunkReload } from '../../lib/chunk-reload';

export interface DashboardCard {
  id: string;
  Card: ComponentType;
  /** Columns out of 12 on wide screens. */
  width?: 4 | 6 | 8 | 12;
}

export const dashboardCards: DashboardCard[] = [
  { id: 'account', Card: lazy(withChunkReload(() => import('./AccountCard'))), width: 6 },
  { id: 'recent-imports', Card: lazy(withChunkReload(() => import('../../features/user-imports/RecentImportsCard'))), width: 6 },
  { id: 'access-keys', Card: lazy(withChunkReload(() => import('../../features/access-keys/AccessKeysCard'))), width: 6 },
  { id: 'analytics', Card: lazy(withChunkReload(() => import('../../features/analytics/LatestReportCard'))), width: 6 },
  { id: 'docs', Card: lazy(withChunkReload(() => import('../../features/documentation/DocsCard'))), width: 6 },
];
