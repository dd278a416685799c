/**
 * The dashboard's cards, in order: one line per card. A feature adds the card of its
 * screen (access keys, user imports, analytics, docs) when that screen lands; the integration
 * health card is the dashboard's own, the figures of several screens (webhooks, provisioning,
 * the audit trail); each card is a
 * lazily loaded component that links to its screen, except the first: the account card is
 * in the dashboard's own chunk and drawn with the page (its data, the signed-in user, is
 * already there), so that the cards under it do not move down when it lands (on a phone
 * it fills the first screen, so a late card would shift the whole layout: bench/history.md). A card
 * shows only to those who may use its screen (lib/permissions.ts): staff who are not their
 * organization's admin see the account card, not cards that could only say "no permission".
 */
import { type ComponentType, lazy } from 'react';
import { withChunkReload } from '../../lib/chunk-reload';
import type { Permission } from '../../lib/permissions';
import AccountCard from './AccountCard';

export interface DashboardCard {
  id: string;
  Card: ComponentType;
  /** Columns out of 12 on wide screens. */
  width?: 4 | 6 | 8 | 12;
  /** Drawn with the page; the other cards (lazy) start loading once it has been painted. */
  withPage?: true;
  /** What the person needs to see it: the card's screen asks the same. */
  needs?: Permission;
  /**
   * Pixels the card's cell keeps before and after the card lands: its usual height, so that
   * the cells under it do not move down when its code and data arrive (the layout shift,
   * bench/README.md). A card with more to show grows.
   */
  reserve?: number;
}

export const dashboardCards: DashboardCard[] = [
  { id: 'account', Card: AccountCard, width: 6, withPage: true },
  // Beside the account: what needs looking at first (failing webhooks, refused provisioning).
  {
    id: 'integration-health',
    Card: lazy(withChunkReload(() => import('./IntegrationHealthCard'))),
    width: 6,
    needs: 'adminArea',
    // Three entries of the trail and a line on webhooks and provisioning: taller than the account.
    reserve: 448,
  },
  {
    id: 'recent-imports',
    Card: lazy(withChunkReload(() => import('../../features/user-imports/RecentImportsCard'))),
    width: 6,
    needs: 'adminArea',
    reserve: 160,
  },
  {
    id: 'access-keys',
    Card: lazy(withChunkReload(() => import('../../features/access-keys/AccessKeysCard'))),
    width: 6,
    needs: 'adminArea',
    reserve: 160,
  },
  {
    id: 'analytics',
    Card: lazy(withChunkReload(() => import('../../features/analytics/LatestReportCard'))),
    width: 6,
    needs: 'adminArea',
    reserve: 188,
  },
  {
    id: 'docs',
    Card: lazy(withChunkReload(() => import('../../features/documentation/DocsCard'))),
    width: 6,
    needs: 'adminArea',
    reserve: 188,
  },
];
