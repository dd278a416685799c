/**
 * The external integration API, mounted at `${API_BASE_PATH}/v1`, with its own OpenAPI
 * 3.1 document (generated from the zod schemas that validate the calls) at
 * `/v1/openapi.json` and an interactive reference (Scalar, served from this server) at
 * `/v1/reference/`.
 */
import {
  apiRoles,
  apiTokenBody,
  apiTokenResponse,
  apiUserParams,
  apiUserResponse,
  apiUsersQuery,
  apiUsersResponse,
  createApiUserBody,
  createdUserResponse,
  EXTERNAL_API_PREFIX,
  errorEnvelope,
  externalApiErrorCodes,
  pageQuery,
  skillProgressResponse,
  skillsResponse,
  userImportErrorsQuery,
  userImportErrorsResponse,
  userImportIdParams,
  userImportResponse,
  workflowParams,
  workflowResponse,
  workflowsQuery,
  workflowsResponse,
  workspacesResponse,
} from '@console/contracts';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppDeps, systemClock } from '../../deps.js';
import { Forbidden } from '../../http/errors.js';
import { createDbRateLimiter, signInRateLimit } from '../../http/rate-limit.js';
import type { ApiModule } from '../../registry.js';
import { authenticatePassword } from '../auth/auth.service.js';
import { peekBearerUser, resolveBearerUser } from '../auth/principal.js';
import { createAccessKeyAuthenticator } from '../integrations/access-key-auth.js';
import { createIntegrationsRepository } from '../integrations/integrations.repository.js';
import { createExternalApiGuard } from './external-api.auth.js';
import {
  cachedWorkflowsPage,
  createExternalApiCaches,
  JSON_UTF8,
  peekWorkflowsPage,
  serializeWorkflowsPage,
} from './external-api.cache.js';
import { createExternalApiRepository } from './external-api.repository.js';
import { createExternalApiService, requireRole } from './external-api.service.js';
import { describeResponses } from './openapi-responses.js';
import { referencePage } from './reference-page.js';
import { createApiUser } from './users.service.js';
import { withVerifiedTokenCache } from './verified-tokens.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 429)[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const guarded = [400, 401, 403, 429] as const;
const security = [{ apiKey: [], idToken: [] }];

export const externalApi: ApiModule = async (parent, { deps, services }) => {
  const { config, database } = deps;
  const { clock } = deps;
  const basePath = `${config.API_BASE_PATH}${EXTERNAL_API_PREFIX}`;

  await parent.register(
    async (v1) => {
      await v1.register(swagger, {
        openapi: {
          openapi: '3.1.0',
          info: {
            title: `${config.PRODUCT_NAME} integration API`,
            version: '1.0.0',
            description: [
              `Every call but \`POST ${basePath}/auth/token\` needs two headers:`,
              '- `apiKey`: an access key of your organization (Keys screen of the console);',
              `- \`Authorization: Bearer <idToken>\`: an idToken from \`POST ${basePath}/auth/token\` with the e-mail and password of a user of the same organization.`,
              '',
              'API users must be Organizational Admins, Workspace Admins or Publishers who sign in with a password: single sign-on accounts cannot use the API.',
              `Each access key may make ${config.API_RATE_LIMIT} calls every ${config.API_RATE_LIMIT_WINDOW_SECONDS} s; beyond that the API answers 429 with a Retry-After header (seconds).`,
              'Lists are paged with `page` (from 1) and `limit` (default 20, at most 100) and return `total`.',
              'Errors answer `{ statusCode, code, message, details? }`.',
            ].join('\n'),
          },
          servers: [{ url: config.PUBLIC_URL }],
          components: {
            securitySchemes: {
              apiKey: { type: 'apiKey', in: 'header', name: 'apiKey', description: 'An access key of your organization' },
              idToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `From POST ${basePath}/auth/token` },
            },
          },
          tags: [{ name: 'Authorization' }, { name: 'Workflows' }, { name: 'Workspaces' }, { name: 'Skills' }, { name: 'Users' }],
        },
        transform: jsonSchemaTransform,
        transformObject: describeResponses,
      });

      const api = v1.withTypeProvider<ZodTypeProvider>();
      const integrations = createIntegrationsRepository(database.db);
      const bearerDeps = { ...deps, idTokens: withVerifiedTokenCache(deps.idTokens, clock) };
      const service = createExternalApiService({
        repo: createExternalApiRepository(database.db),
        publicUrl: config.PUBLIC_URL,
        clock,
        changes: deps.changes,
      });
      const caches = createExternalApiCaches(deps.changes);

      api.post(
        '/auth/token',
        {
          // The console sign-in's per-IP budget (on top of account lockout).
          onRequest: signInRateLimit(deps),
          schema: {
            operationId: 'createIdToken',
            tags: ['Authorization'],
            summary: 'Get an idToken',
            description:
              'E-mail and password of an API user for an idToken to send as a bearer token. It expires after `expiresIn` seconds.',
            body: apiTokenBody,
            response: { 200: apiTokenResponse, ...errors(400, 401, 403, 429) },
          },
        },
        async (request) => {
          const principal = await authenticatePassword(deps, request.body.email, request.body.password);
          if (!apiRoles.includes(principal.role as never)) {
            throw new Forbidden(
              'Only Organizational Admins, Workspace Admins and Publishers can use the API.',
              externalApiErrorCodes.roleNotAllowed,
            );
          }
          const token = await deps.idTokens.issue(
            { id: principal.userId, email: principal.email, displayName: principal.displayName },
            'password',
          );
          return { idToken: token.idToken, expiresIn: token.expiresIn };
        },
      );

      await api.register(async (authed) => {
        const guard = createExternalApiGuard({
          authenticateKey: createAccessKeyAuthenticator({ repo: integrations, clock, log: parent.log, cache: caches?.keys }),
          rateLimit: createDbRateLimiter(deps, { limit: config.API_RATE_LIMIT, windowMs: config.API_RATE_LIMIT_WINDOW_SECONDS * 1000 }),
          resolveBearer: (idToken) => resolveBearerUser(bearerDeps, idToken, caches?.users),
          peekBearer: caches ? (idToken) => peekBearerUser(bearerDeps, idToken, caches.users) : undefined,
        });
        // Before validation and body parsing (decision 012); callback-style, so a call
        // admitted from memory is not held up by a promise.
        authed.addHook('onRequest', guard);
        const r = authed.withTypeProvider<ZodTypeProvider>();
        const auth = (request: { auth?: import('../../http/auth-context.js').AuthContext }) => request.auth!;

        r.get(
          '/workflows',
          {
            schema: {
              operationId: 'listWorkflows',
              tags: ['Workflows'],
              summary: 'List or search workflows',
              description: 'Newest changes first. `q` searches titles. Below Organizational Admin, only workflows of your workspaces.',
              security,
              querystring: workflowsQuery,
              response: { 200: workflowsResponse, ...errors(...guarded) },
            },
          },
          (request, reply) => {
            // The serialised page, cached per caller's scope and query (external-api.cache.ts),
            // already serialised with the route's schema: JSON text is sent as it is.
            const cached = peekWorkflowsPage(caches?.workflowPages, auth(request), request.query);
            if (cached !== undefined) {
              reply.type(JSON_UTF8).send(cached as never);
              return;
            }
            return cachedWorkflowsPage(caches?.workflowPages, auth(request), request.query, async () =>
              serializeWorkflowsPage(await service.listWorkflows(auth(request), request.query)),
            ).then((body) => {
              reply.type(JSON_UTF8).send(body as never);
            });
          },
        );
        r.get(
          '/workflows/:id',
          {
            schema: {
              operationId: 'getWorkflow',
              tags: ['Workflows'],
              summary: 'A workflow with its steps and a deep link',
              security,
              params: workflowParams,
              response: { 200: workflowResponse, ...errors(...guarded, 404) },
            },
          },
          (request) => service.getWorkflow(auth(request), request.params.id),
        );
        r.get(
          '/workspaces',
          {
            schema: {
              operationId: 'listWorkspaces',
              tags: ['Workspaces'],
              summary: 'List workspaces',
              description: 'By name. Below Organizational Admin, only your workspaces.',
              security,
              querystring: pageQuery,
              response: { 200: workspacesResponse, ...errors(...guarded) },
            },
          },
          (request) => service.listWorkspaces(auth(request), request.query),
        );
        r.get(
          '/skills',
          {
            schema: {
              operationId: 'listSkills',
              tags: ['Skills'],
              summary: 'List the skills of the organization',
              security,
              querystring: pageQuery,
              response: { 200: skillsResponse, ...errors(...guarded) },
            },
          },
          (request) => service.listSkills(auth(request), request.query),
        );
        r.get(
          '/users',
          {
            schema: {
              operationId: 'listUsers',
              tags: ['Users'],
              summary: 'List or search users',
              description: 'Organizational and Workspace Admins.',
              security,
              querystring: apiUsersQuery,
              response: { 200: apiUsersResponse, ...errors(...guarded) },
            },
          },
          (request) => service.listUsers(auth(request), request.query),
        );
        r.post(
          '/users',
          {
            schema: {
              operationId: 'createUser',
              tags: ['Users'],
              summary: 'Create a user and send an invitation',
              description: 'Organizational Admins. The invitation (valid 14 days) lets the user set a password.',
              security,
              body: createApiUserBody,
              response: { 201: createdUserResponse, ...errors(...guarded, 409) },
            },
          },
          async (request, reply) => reply.status(201).send(await createApiUser(deps, auth(request), request.body, request.log)),
        );
        r.post(
          '/users/:id/disable',
          {
            schema: {
              operationId: 'disableUser',
              tags: ['Users'],
              summary: 'Disable a user',
              description: 'Organizational Admins. The user can no longer sign in; their sessions end.',
              security,
              params: apiUserParams,
              response: { 200: apiUserResponse, ...errors(...guarded, 404, 409) },
            },
          },
          (request) => service.disableUser(auth(request), request.params.id),
        );
        r.get(
          '/users/:id/skills',
          {
            schema: {
              operationId: 'getUserSkillProgress',
              tags: ['Skills', 'Users'],
              summary: "A user's progress on their skills",
              description: 'Organizational and Workspace Admins.',
              security,
              params: apiUserParams,
              querystring: pageQuery,
              response: { 200: skillProgressResponse, ...errors(...guarded, 404) },
            },
          },
          (request) => service.userSkillProgress(auth(request), request.params.id, request.query),
        );

        // User imports through the console's own import service (CSV rules: decisions.md).
        // multipart's hooks (one per request) only where uploads are taken.
        await authed.register(async (uploads) => {
          await uploads.register(multipart);
          const u = uploads.withTypeProvider<ZodTypeProvider>();
          const imports = services.userImports;
          const importer = (request: { auth?: import('../../http/auth-context.js').AuthContext }) => {
            requireRole(auth(request), ['org_admin']);
            return auth(request);
          };
          u.post(
            '/user-imports',
            {
              schema: {
                operationId: 'createUserImport',
                tags: ['User imports'],
                summary: 'Upload a CSV file of users to import',
                description:
                  'Organizational Admins. multipart/form-data with the part `file` (a .csv) and optional fields. ' +
                  'The import runs in the background: read its status with GET /user-imports/{id}.',
                security,
                response: { 201: userImportResponse, ...errors(...guarded, 413) },
              },
            },
            async (request, reply) => reply.status(201).send({ userImport: await imports.createFromRequest(importer(request), request) }),
          );
          u.get(
            '/user-imports/:id',
            {
              schema: {
                operationId: 'getUserImport',
                tags: ['User imports'],
                summary: 'The status and counts of an import',
                description: 'Organizational Admins. status: processing, error, validation_error or completed.',
                security,
                params: userImportIdParams,
                response: { 200: userImportResponse, ...errors(...guarded, 404) },
              },
            },
            async (request) => ({ userImport: await imports.get(importer(request), request.params.id) }),
          );
          u.get(
            '/user-imports/:id/errors',
            {
              schema: {
                operationId: 'listUserImportErrors',
                tags: ['User imports'],
                summary: 'The errors of an import, by e-mail or employee ID with their rows',
                description: 'Organizational Admins. `email` filters case-insensitively.',
                security,
                params: userImportIdParams,
                querystring: userImportErrorsQuery,
                response: { 200: userImportErrorsResponse, ...errors(...guarded, 404) },
              },
            },
            (request) => imports.errors(importer(request), request.params.id, request.query),
          );
        });
      });

      v1.get('/openapi.json', { schema: { hide: true } }, async () => v1.swagger());
      await v1.register(referencePage, { title: `${config.PRODUCT_NAME} integration API` });
    },
    { prefix: EXTERNAL_API_PREFIX },
  );
};
