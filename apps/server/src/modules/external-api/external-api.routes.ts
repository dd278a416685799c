/**
 * The external integration API (docs/product.md, "External API"), mounted at
 * `${API_BASE_PATH}/v1`, with its own OpenAPI 3.1 document (generated from the zod schemas
 * that validate the calls, `externalApiRoutes` in the contracts) at `/v1/openapi.json` and
 * an interactive reference (Scalar, served from this server) at `/v1/reference/`.
 */
import {
  type ApiLocale,
  EXTERNAL_API_PREFIX,
  type ExternalApiRouteDef,
  externalApiErrorResponses,
  type OrgRole,
  externalApiRoutes as routes,
} from '@console/contracts';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requestClient } from '../../http/auth-context.js';
import { sendCompressedOnce } from '../../http/compressed-once.js';
import { authOf } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';
import { scimOpenApi } from '../provisioning/scim.openapi.js';
import { requestLogHook } from '../request-log/request-log.hook.js';
import { registerSsoConnectionCalls } from '../sso-connections/sso-connections.routes.js';
import { webhooksOpenApi } from '../webhooks/webhooks.openapi.js';
import { registerWebhookEndpoints } from '../webhooks/webhooks.routes.js';
import { JSON_UTF8 } from './external-api.cache.js';
import { requireRole } from './external-api.service.js';
import { guardKeyPermissions } from './key-permissions.js';
import { describeResponses } from './openapi-responses.js';
import { referencePage } from './reference-page.js';
import { fillProse, localizeOpenApi, PROSE_TEMPLATES, type ProseParams, proseTranslator, readerLocale } from './reference-prose.js';

/** The table's calls by operation id: their error answers and security go into the OpenAPI document. */
type ExternalApiTag = (typeof routes)[keyof typeof routes]['tags'][number];
const documented = new Map<string, ExternalApiRouteDef>(Object.values(routes).map((def) => [def.operationId, def]));

/** The document's tags, in the reference's order: every tag of a call (the contracts) with what it groups. */
const tagDescriptions: Record<ExternalApiTag, string> = {
  Authorization: 'Exchange the e-mail and password of an API user for an idToken, the bearer token of every other call.',
  Workflows: "The organization's workflows with their steps; below Organizational Admin, those of the caller's workspaces.",
  Workspaces: "The organization's workspaces; below Organizational Admin, the caller's own.",
  Skills: "The organization's skills and each user's progress on them.",
  Users: 'Users of the organization: list and search, create with an invitation, disable.',
  'User imports': 'Users created and updated in bulk from a CSV file, applied in the background: its status, counts and row errors.',
  Events:
    'What happened in the organization, one event per change: who acted (a person, an access key, a SCIM token or the console), on what, and what changed.',
  Domains:
    'The e-mail domains your organization claims and proves it owns with a DNS TXT record; single sign-on routes their addresses to it.',
  'Single sign-on':
    'Your organization’s own identity providers, OpenID Connect or SAML 2.0, through which its people sign in; the addresses of its verified domains are sent to them.',
  'Request log':
    'Every call made with an access key of your organization, kept 30 days: its route, status, duration, request id and error code, never a secret, a query or a body.',
  Webhooks:
    "Endpoints of your systems that receive the organization's events as they happen, signed as Standard Webhooks sign them, with the log of every delivery.",
};

const ORG_ADMINS: OrgRole[] = ['org_admin'];
const ADMINS: OrgRole[] = ['org_admin', 'workspace_admin'];
/** A route's guard of API roles, after the external API's own (which sets the caller). */
const onlyFor = (roles: OrgRole[]) => ({ onRequest: async (request: FastifyRequest) => requireRole(authOf(request), roles) });

/** What every call with a key goes through, in this order, around the route's own work. */
function addCallHooks(authed: FastifyInstance, { deps, services }: Parameters<ApiModule>[1]) {
  const { externalApiGuard, idempotentWrites, requestLogRecorder } = services;
  // Built once in registry.ts. Before validation and body parsing (decision 012); callback-style, so a call
  // admitted from memory is not held up by a promise.
  authed.addHook('onRequest', externalApiGuard);
  // Then the key's permissions (decision 069), before any role guard, query or body.
  authed.addHook('onRequest', guardKeyPermissions);
  // Every write takes an Idempotency-Key (idempotency.ts); its hooks join each write route as it is registered.
  authed.addHook('onRoute', idempotentWrites.onRoute);
  // Every call whose key the guard knew goes into its organization's request log, once
  // answered, through a buffer written off the request path (modules/request-log).
  authed.addHook('onResponse', requestLogHook(requestLogRecorder, { basePath: deps.config.API_BASE_PATH, clock: deps.clock }));
  // A graceful stop writes what the buffer still holds, before the database closes (main.ts).
  authed.addHook('onClose', () => requestLogRecorder.flush());
}

export const externalApiPlugin: ApiModule = async (parent, { deps, services }) => {
  const { config } = deps;
  const { externalApi, externalApiUsers, signInRateLimit, eventsTrail, webhookDeliveries, webhooks, domains } = services;
  const { ssoConnections, samlSettings, people, requestLog } = services;
  const basePath = `${config.API_BASE_PATH}${EXTERNAL_API_PREFIX}`;
  const scim = scimOpenApi(config.API_BASE_PATH);
  const prose: ProseParams = {
    basePath,
    rateLimit: String(config.API_RATE_LIMIT),
    rateWindow: String(config.API_RATE_LIMIT_WINDOW_SECONDS),
    product: config.PRODUCT_NAME,
  };

  await parent.register(async (v1) => {
    // Each call's error answers (the envelope) and security requirement, from its definition,
    // added to its schema as it is registered (before @fastify/swagger reads it).
    v1.addHook('onRoute', (options) => {
      const def = documented.get(String(options.schema?.operationId));
      if (!def || !options.schema) return;
      options.schema.response = { ...(options.schema.response as object), ...externalApiErrorResponses(def) };
      // Either both headers, or the key alone when it acts on its own (decision 069): OpenAPI's list is of alternatives.
      const withToken = def.security.map((s) => ({ apiKey: [...s.apiKey], idToken: [...s.idToken] }));
      options.schema.security = withToken.length > 0 ? [...withToken, { apiKey: [] }] : [];
    });

    await v1.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: fillProse(PROSE_TEMPLATES.title, prose),
          version: '1.0.0',
          // Not an open licence: integrators use the API under their organization's agreement (an SPDX LicenseRef says so to tools).
          license: { name: fillProse(PROSE_TEMPLATES.license, prose), identifier: 'LicenseRef-Proprietary' },
          description: fillProse(PROSE_TEMPLATES.info, prose),
        },
        servers: [{ url: config.PUBLIC_URL }],
        components: {
          securitySchemes: {
            apiKey: {
              type: 'apiKey',
              in: 'header',
              name: 'apiKey',
              description:
                "An access key of your organization. A key that acts on its own (chosen on the Keys screen) is enough alone: sent without `Authorization`, it calls as a service identity of its organization, with an Organizational Admin's reach, and no person's account or single sign-on rule stops it. A key with permissions chosen per area (none, read or write) is refused a call beyond them: 403 `ACCESS_KEY_PERMISSION_DENIED`, naming the missing permission.",
            },
            idToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: fillProse(PROSE_TEMPLATES.idToken, prose) },
            scimToken: scim.securityScheme,
          },
        },
        tags: [...Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })), scim.tag],
      },
      transform: jsonSchemaTransform,
      // SCIM's paths are registered elsewhere (modules/provisioning): their description joins the document.
      transformObject: (document) => {
        const doc = describeResponses(document) as { paths?: Record<string, unknown> };
        doc.paths = { ...doc.paths, ...scim.paths };
        // What the organization's webhook endpoints receive (modules/webhooks).
        (doc as { webhooks?: unknown }).webhooks = webhooksOpenApi;
        return doc as ReturnType<typeof describeResponses>;
      },
    });

    registerRoute(
      v1,
      routes.token,
      (request) => externalApi.issueToken(request.body.email, request.body.password, requestClient(request)),
      {
        // The console sign-in's per-IP budget (on top of account lockout).
        onRequest: signInRateLimit,
      },
    );

    await v1.register(async (authed) => {
      addCallHooks(authed, { deps, services });

      registerRoute(authed, routes.listWorkflows, (request, reply) => {
        // The page is kept serialised and compressed once (external-api.cache.ts), checked by
        // the route's schema when it was made: sent as it is, at once when it is in memory.
        const cached = externalApi.peekWorkflowsPage(authOf(request), request.query);
        if (cached !== undefined) return sendCompressedOnce(request, reply, cached, JSON_UTF8);
        return externalApi
          .workflowsPage(authOf(request), request.query)
          .then((page) => sendCompressedOnce(request, reply, page, JSON_UTF8));
      });
      registerRoute(authed, routes.getWorkflow, (request) => externalApi.getWorkflow(authOf(request), request.params.id));
      registerRoute(authed, routes.listWorkspaces, (request) => externalApi.listWorkspaces(authOf(request), request.query));
      registerRoute(authed, routes.listSkills, (request) => externalApi.listSkills(authOf(request), request.query));
      // Calls of some API roles: the role is checked before the query or body is read, as every guard
      // is (decision 012), so another role learns nothing of the call's shape; the services check it too.
      registerRoute(authed, routes.listUsers, (request) => externalApi.listUsers(authOf(request), request.query), onlyFor(ADMINS));
      registerRoute(
        authed,
        routes.createUser,
        (request) => externalApiUsers.create(authOf(request), request.body, request.log),
        onlyFor(ORG_ADMINS),
      );
      registerRoute(
        authed,
        routes.disableUser,
        (request) => externalApi.disableUser(authOf(request), request.params.id),
        onlyFor(ORG_ADMINS),
      );
      registerRoute(
        authed,
        routes.userSkillProgress,
        (request) => externalApi.userSkillProgress(authOf(request), request.params.id, request.query),
        onlyFor(ADMINS),
      );
      // Organizational Admins only.
      await authed.register(async (admins) => {
        admins.addHook('onRequest', onlyFor(ORG_ADMINS).onRequest);
        // The events of the key's organization, as the audit trail shows them (modules/events).
        registerRoute(admins, routes.listEvents, (request) => eventsTrail.apiList(authOf(request).organizationId, request.query));
        // The request log of the key's organization, as the Request log screen shows it (modules/request-log).
        registerRoute(admins, routes.listRequests, (request) => requestLog.list(authOf(request).organizationId, request.query));
        registerRoute(admins, routes.getRequest, (request) => requestLog.get(authOf(request).organizationId, request.params.id));
        // A user's invitation sent again, as from their page on People (modules/users).
        registerRoute(admins, routes.resendUserInvitation, (request) => people.resendInvitation(authOf(request), request.params.id));
        // The webhooks' delivery log and what sends again (modules/webhooks).
        registerRoute(admins, routes.listWebhookDeliveries, (request) =>
          webhookDeliveries.list(authOf(request), request.params.id, request.query),
        );
        registerRoute(admins, routes.sendWebhookTest, (request) => webhookDeliveries.sendTest(authOf(request), request.params.id));
        registerRoute(admins, routes.getWebhookDeliveryRequest, (request) =>
          webhookDeliveries.request(authOf(request), request.params.id, request.params.deliveryId),
        );
        registerRoute(admins, routes.retryWebhookDelivery, (request) =>
          webhookDeliveries.retry(authOf(request), request.params.id, request.params.deliveryId),
        );
        registerRoute(admins, routes.resendWebhookDeliveries, (request) =>
          webhookDeliveries.resend(authOf(request), request.params.id, request.body.since),
        );
        // Webhook endpoints through the console's own service (modules/webhooks).
        registerWebhookEndpoints(admins, webhooks, {
          list: routes.listWebhooks,
          create: routes.createWebhook,
          get: routes.getWebhook,
          update: routes.updateWebhook,
          remove: routes.deleteWebhook,
          roll: routes.rollWebhookSecret,
        });
        // Verified domains through the console's own service (modules/domains).
        registerRoute(admins, routes.listDomains, (request) => domains.list(authOf(request)));
        registerRoute(admins, routes.claimDomain, (request) => domains.claim(authOf(request), request.body));
        registerRoute(admins, routes.verifyDomain, (request) => domains.verify(authOf(request), request.params.id));
        registerRoute(admins, routes.deleteDomain, (request) => domains.remove(authOf(request), request.params.id));
        // Single sign-on connections through the console's own services (modules/sso-connections);
        // a read of one answers its refused sign-ins too, which the screen reads apart.
        registerSsoConnectionCalls(
          admins,
          { ssoConnections, samlSettings },
          {
            list: routes.listSsoConnections,
            create: routes.createSsoConnection,
            update: routes.updateSsoConnection,
            remove: routes.deleteSsoConnection,
            rotateSecret: routes.rotateSsoConnectionSecret,
            setSamlMetadata: routes.setSsoConnectionSamlMetadata,
            addSamlCertificate: routes.addSsoConnectionSamlCertificate,
            removeSamlCertificate: routes.removeSsoConnectionSamlCertificate,
          },
        );
        registerRoute(admins, routes.getSsoConnection, (request) => ssoConnections.details(authOf(request), request.params.id));
      });

      // User imports through the console's own import service (docs/product.md, "CSV format").
      // multipart's hooks (one per request) only where uploads are taken.
      await authed.register(async (uploads) => {
        await uploads.register(multipart);
        uploads.addHook('onRequest', onlyFor(ORG_ADMINS).onRequest);
        registerRoute(uploads, routes.createUserImport, (request) => externalApi.createUserImport(authOf(request), request));
        registerRoute(uploads, routes.getUserImport, (request) => externalApi.getUserImport(authOf(request), request.params.id));
        registerRoute(uploads, routes.listUserImportErrors, (request) =>
          externalApi.userImportErrors(authOf(request), request.params.id, request.query),
        );
      });
    });

    await v1.register(
      async (prefixed) => {
        // `?lang=es|fr|pt`: the prose in that language (reference-prose.ts); made once per language.
        const documents = new Map<ApiLocale, unknown>();
        const document = (locale: ApiLocale) => {
          if (!documents.has(locale)) documents.set(locale, localizeOpenApi(v1.swagger(), locale, prose));
          return documents.get(locale);
        };
        prefixed.get('/openapi.json', { schema: { hide: true } }, async (request) => document(readerLocale(request.query)));
        await prefixed.register(referencePage, {
          title: (locale: ApiLocale) => proseTranslator(locale, prose)(fillProse(PROSE_TEMPLATES.title, prose)),
          document,
        });
      },
      { prefix: EXTERNAL_API_PREFIX },
    );
  });
};
