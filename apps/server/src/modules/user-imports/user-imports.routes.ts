/** User imports of an Organizational Admin's own organization (docs/product.md, "User imports"). */
import { userImportRoutes as routes } from '@console/contracts';
import multipart from '@fastify/multipart';
import { attachment } from '../../http/csv.js';
import { authOf, requireOrgAdmin } from '../../http/guards.js';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';

export const userImportsPlugin: ApiModule = async (app, { services: { userImports } }) => {
  // Limits are set per request (upload.ts); the file streams, so bodyLimit does not apply.
  await app.register(multipart);
  // Before the upload is read (decision 012): a refused caller's file is never streamed.
  app.addHook('onRequest', requireOrgAdmin);

  registerRoute(app, routes.list, (request) => userImports.list(authOf(request), request.query.page, request.query.limit));
  registerRoute(app, routes.create, async (request) => ({
    userImport: await userImports.createFromRequest(authOf(request), request),
  }));
  registerRoute(app, routes.defaults, (request) => userImports.defaults(authOf(request)));
  registerRoute(app, routes.template, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('user-import-template.csv'))
      // Made for the caller's organization: not to be kept by a shared cache.
      .header('cache-control', 'private, no-store')
      .send(await userImports.template(authOf(request), request.query.columnSeparator)),
  );
  registerRoute(app, routes.get, async (request) => ({ userImport: await userImports.get(authOf(request), request.params.id) }));
  registerRoute(app, routes.errors, (request) => userImports.errors(authOf(request), request.params.id, request.query));
  registerRoute(app, routes.errorsCsv, async (request, reply) => {
    const { filename, stream } = await userImports.errorsCsv(authOf(request), request.params.id);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(filename)).send(stream);
  });
  registerRoute(app, routes.remove, async (request) => {
    await userImports.remove(authOf(request), request.params.id);
    return { removed: true as const };
  });
  registerRoute(app, routes.confirm, async (request) => ({
    userImport: await userImports.confirm(authOf(request), request.params.id),
  }));
  registerRoute(app, routes.stop, async (request) => ({ userImport: await userImports.stop(authOf(request), request.params.id) }));
  registerRoute(app, routes.retry, async (request) => ({ userImport: await userImports.retry(authOf(request), request.params.id) }));
};
