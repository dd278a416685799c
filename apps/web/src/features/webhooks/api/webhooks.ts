/** The organization's webhook endpoints and their delivery logs: the reads and the changes that refresh them. */
import type { GracePeriod } from '@console/contracts/access-keys';
import {
  type CreateWebhookInput,
  webhookDeliveryRoutes as deliveryRoutes,
  webhookRoutes as routes,
  type UpdateWebhookBody,
  type WebhookDeliveriesQuery,
} from '@console/contracts/webhooks';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keysetItems, keysetQuery } from '../../../lib/keyset-query';
import { pagedQuery } from '../../../lib/paged-query';
import { anyPending } from '../delivery-view';

export type DeliveryFilter = Pick<WebhookDeliveriesQuery, 'eventType' | 'outcome'>;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  one: (id: string) => [...webhookKeys.all, 'one', id] as const,
  deliveries: (id: string, filter: DeliveryFilter) => [...webhookKeys.all, 'deliveries', id, filter] as const,
  request: (id: string, deliveryId: string) => [...webhookKeys.all, 'request', id, deliveryId] as const,
};

export const webhooksQuery = pagedQuery({
  queryKey: webhookKeys.list(),
  fetchPage: (query, signal) => api(routes.list, { query }, { signal }),
  items: (page) => page.webhooks,
});

export const useWebhooks = () => useInfiniteQuery(webhooksQuery);

export const useWebhook = (id: string) =>
  useQuery({ queryKey: webhookKeys.one(id), queryFn: ({ signal }) => api(routes.get, { params: { id } }, { signal }) });

/** How often the log is read again while a delivery of it waits for an attempt. */
export const PENDING_REFRESH_MS = 2000;

/** The endpoint's deliveries, newest first, a page at a time; read again while one is under way. */
export const useDeliveries = (id: string, filter: DeliveryFilter) =>
  useInfiniteQuery({
    ...keysetQuery({
      queryKey: webhookKeys.deliveries(id, filter),
      fetchPage: (after, signal) => api(deliveryRoutes.list, { params: { id }, query: { ...filter, after } }, { signal }),
    }),
    refetchInterval: (query) => (anyPending(keysetItems(query.state.data, (p) => p.deliveries)) ? PENDING_REFRESH_MS : false),
  });

/** What a delivery sends (the same body at every attempt), read when someone opens it. */
export const useDeliveryRequest = (id: string, deliveryId: string, enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.request(id, deliveryId),
    queryFn: ({ signal }) => api(deliveryRoutes.request, { params: { id, deliveryId } }, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A change of an endpoint or its deliveries; the endpoints and the logs are read again after it. */
function useWebhookChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}

/** A new endpoint; the answer holds its signing secret, shown once. */
export const useCreateWebhook = () => useWebhookChange((body: CreateWebhookInput) => api(routes.create, { body }));

export const useUpdateWebhook = () =>
  useWebhookChange(({ id, ...body }: UpdateWebhookBody & { id: string }) => api(routes.update, { params: { id }, body }));

export const useDeleteWebhook = () => useWebhookChange((id: string) => api(routes.remove, { params: { id } }));

/** A new signing secret (shown once); the old one signs too for the grace period. */
export const useRollWebhookSecret = () =>
  useWebhookChange(({ id, gracePeriod }: { id: string; gracePeriod: GracePeriod }) =>
    api(routes.roll, { params: { id }, body: { gracePeriod } }),
  );

export const useSendTestEvent = () => useWebhookChange((id: string) => api(deliveryRoutes.sendTest, { params: { id } }));

export const useRetryDelivery = () =>
  useWebhookChange(({ id, deliveryId }: { id: string; deliveryId: string }) => api(deliveryRoutes.retry, { params: { id, deliveryId } }));

/** Sends again every delivery of the endpoint that failed since the instant. */
export const useResendFailed = () =>
  useWebhookChange(({ id, since }: { id: string; since: string }) => api(deliveryRoutes.resend, { params: { id }, body: { since } }));
