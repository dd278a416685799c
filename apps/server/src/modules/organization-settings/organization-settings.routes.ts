/**
 * The Super area's organization settings (decision 014): staff with `read` read them, only
 * staff with `update` change them, enforced here.
 *   GET organization/verificationModels      the models AI verification can use
 *   GET organization/{id}/settings           every setting, defaults included
 *   PUT organization/{id}/settings/{key}     { value } changes one
 *   GET organization/{id}/importStatus       its user and workflow imports' state
 */
import {
  importStatusResponse,
  organizationIdParams,
  organizationSettingBody,
  organizationSettingParams,
  organizationSettingResponse,
  organizationSettingsResponse,
  verificationModelsResponse,
} from '@console/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiModule } from '../../registry.js';
import { requireStaff } from '../auth/guards.js';
import { createOrganizationSettingsRepository } from './organization-settings.repository.js';
import { createOrganizationSettingsService } from './organization-settings.service.js';

export const organizationSettingsRoutes: ApiModule = async (app, { deps }) => {
  const { db } = deps.database;
  const service = createOrganizationSettingsService({ db, repo: createOrganizationSettingsRepository(db), clock: deps.clock });
  const read = requireStaff('read');
  const update = requireStaff('update');

  // A static segment: it wins over /organization/:id whatever the order.
  app.get(
    '/organization/verificationModels',
    { onRequest: read, schema: { operationId: 'listVerificationModels', response: { 200: verificationModelsResponse } } },
    () => service.verificationModels(),
  );
  app.get(
    '/organization/:id/settings',
    {
      onRequest: read,
      schema: { operationId: 'getOrganizationSettings', params: organizationIdParams, response: { 200: organizationSettingsResponse } },
    },
    (request) => service.list(request.params.id),
  );
  app.get(
    '/organization/:id/importStatus',
    {
      onRequest: read,
      schema: { operationId: 'getOrganizationImportStatus', params: organizationIdParams, response: { 200: importStatusResponse } },
    },
    (request) => service.importStatus(request.params.id),
  );
  app.put(
    '/organization/:id/settings/:key',
    {
      onRequest: update,
      schema: {
        operationId: 'changeOrganizationSetting',
        params: organizationSettingParams,
        body: organizationSettingBody,
        response: { 200: organizationSettingResponse },
      },
    },
    (request) => service.change(request.auth!, request.params.id, request.params.key, request.body.value),
  );
};
