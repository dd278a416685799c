/**
 * What a switch that ends sessions or refuses calls would stop, counted when staff are about
 * to use it (never from the cache: the confirmation says what is true now).
 */
import { type AccessCountsView, organizationRoutes as routes } from '@console/contracts/organizations';
import { api } from '../../../lib/api';

export async function readAccessCounts(id: string): Promise<AccessCountsView> {
  return (await api(routes.accessCounts, { params: { id } })).accessCounts;
}
