/** The organization's single sign-on connections: the reads and the changes that refresh them. */
import {
  type CreateSsoConnectionInput,
  ssoConnectionRoutes as routes,
  type SamlMetadataBody,
  staffSsoConnectionRoutes as staffRoutes,
  type UpdateSsoConnectionBody,
} from '@console/contracts/sso-connections';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const ssoConnectionKeys = {
  all: ['sso-connections'] as const,
  list: () => [...ssoConnectionKeys.all, 'list'] as const,
  refusals: (id: string) => [...ssoConnectionKeys.all, 'refusals', id] as const,
  test: (id: string) => [...ssoConnectionKeys.all, 'test', id] as const,
  organization: (organizationId: string) => [...ssoConnectionKeys.all, 'organization', organizationId] as const,
};

/** An organization's connections in the Super area, read-only. */
export const useOrganizationConnections = (organizationId: string) =>
  useQuery({
    queryKey: ssoConnectionKeys.organization(organizationId),
    queryFn: ({ signal }) => api(staffRoutes.list, { params: { id: organizationId } }, { signal }),
  });

export const useSsoConnections = () =>
  useQuery({
    queryKey: ssoConnectionKeys.list(),
    queryFn: ({ signal }) => api(routes.list, { query: { page: 1, limit: 100 } }, { signal }),
  });

export const useRefusals = (id: string) =>
  useQuery({ queryKey: ssoConnectionKeys.refusals(id), queryFn: ({ signal }) => api(routes.refusals, { params: { id } }, { signal }) });

export const useTestResult = (id: string) =>
  useQuery({ queryKey: ssoConnectionKeys.test(id), queryFn: ({ signal }) => api(routes.testResult, { params: { id } }, { signal }) });

function useChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ssoConnectionKeys.all }) });
}

export const useCreateConnection = () => useChange((body: CreateSsoConnectionInput) => api(routes.create, { body }));
export const useUpdateConnection = () =>
  useChange(({ id, ...body }: UpdateSsoConnectionBody & { id: string }) => api(routes.update, { params: { id }, body }));
export const useDeleteConnection = () => useChange((id: string) => api(routes.remove, { params: { id } }));
export const useRotateSecret = () =>
  useChange(({ id, clientSecret }: { id: string; clientSecret: string }) =>
    api(routes.rotateSecret, { params: { id }, body: { clientSecret } }),
  );
export const useSetSamlMetadata = () =>
  useChange(({ id, body }: { id: string; body: SamlMetadataBody }) => api(routes.setSamlMetadata, { params: { id }, body }));
export const useAddSamlCertificate = () =>
  useChange(({ id, certificate }: { id: string; certificate: string }) =>
    api(routes.addSamlCertificate, { params: { id }, body: { certificate } }),
  );
export const useRemoveSamlCertificate = () =>
  useChange(({ id, fingerprint }: { id: string; fingerprint: string }) =>
    api(routes.removeSamlCertificate, { params: { id, fingerprint } }),
  );
/** Starts a test sign-in; the answer's URL opens in a new tab. */
export const startTest = (id: string) => api(routes.startTest, { params: { id } });
