/** User-import routes of spec section 7, for Organizational Admins of their own organization. */

import {
  listUserImportsQuery,
  userImportErrorsQuery,
  userImportErrorsResponse,
  userImportIdParams,
  userImportResponse,
  userImportsResponse,
  userImportTemplate,
  userImportTemplateQuery,
} from '@console/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../http/csv.js';
import type { ApiModule } from '../../registry.js';
import { authOf, requireOrgAdmin } from '../auth/guards.js';
import { createUserImportService } from './user-imports.service.js';

const tags = ['User imports'];

export const userImportRoutes: ApiModule = async (app, { deps }) => {
  const service = createUserImportService(deps);
  // Limits are set per request (upload.ts); the file streams, so bodyLimit does not apply.
  await app.register(multipart);
  // Before the upload is read (decision 012): a refused caller's file is never streamed.
  app.addHook('onRequest', requireOrgAdmin);

  app.get(
    '/user-imports',
    { schema: { operationId: 'listUserImports', tags, querystring: listUserImportsQuery, response: { 200: userImportsResponse } } },
    async (request) => service.list(authOf(request), request.query.page, request.query.limit),
  );

  app.post(
    '/user-imports',
    {
      schema: {
        operationId: 'createUserImport',
        tags,
        description:
          'multipart/form-data: `file` (a .csv), `columnSeparator` (one character, default ","), and the options ' +
          'assignSkills, assignTeams, assignWorkspaces, createEmployeeIdUsers, disableUsers ("true" or "false").',
        response: { 201: userImportResponse },
      },
    },
    async (request, reply) => {
      const userImport = await service.createFromRequest(authOf(request), request);
      return reply.status(201).send({ userImport });
    },
  );

  app.get(
    '/user-imports/template',
    { schema: { operationId: 'getUserImportTemplate', tags, querystring: userImportTemplateQuery } },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment('user-import-template.csv'))
        .send(userImportTemplate(request.query.columnSeparator)),
  );

  app.get(
    '/user-import/:id',
    { schema: { operationId: 'getUserImport', tags, params: userImportIdParams, response: { 200: userImportResponse } } },
    async (request) => ({ userImport: await service.get(authOf(request), request.params.id) }),
  );

  app.get(
    '/user-import/:id/errors',
    {
      schema: {
        operationId: 'listUserImportErrors',
        tags,
        params: userImportIdParams,
        querystring: userImportErrorsQuery,
        response: { 200: userImportErrorsResponse },
      },
    },
    async (request) => service.errors(authOf(request), request.params.id, request.query),
  );

  app.get(
    '/user-import/:id/errors.csv',
    { schema: { operationId: 'downloadUserImportErrors', tags, params: userImportIdParams } },
    async (request, reply) => {
      const { filename, stream } = await service.errorsCsv(authOf(request), request.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(filename)).send(stream);
    },
  );

  app.delete(
    '/user-import/:id',
    {
      schema: {
        operationId: 'deleteUserImport',
        tags,
        params: userImportIdParams,
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request) => {
      await service.remove(authOf(request), request.params.id);
      return { removed: true as const };
    },
  );

  app.put(
    '/user-import/:id/retry',
    { schema: { operationId: 'retryUserImport', tags, params: userImportIdParams, response: { 200: userImportResponse } } },
    async (request) => ({ userImport: await service.retry(authOf(request), request.params.id) }),
  );
};
