/**
 * For a route whose body is optional: a request that sends a JSON content type with nothing
 * after it has no body, rather than Fastify's "body cannot be empty" 400. Applies to the
 * routes registered in `scope` (an encapsulated plugin); anything else is parsed as before.
 */
import type { FastifyInstance } from 'fastify';

export function emptyJsonIsNoBody(scope: FastifyInstance<any, any, any, any, any>): void {
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    json(request, text, done);
  });
}
