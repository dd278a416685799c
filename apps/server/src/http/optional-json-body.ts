/**
 * For routes whose body is optional: a request that sends a JSON content type with nothing
 * after it has no body, rather than Fastify's "body cannot be empty" 400. Applies to the
 * routes registered in `scope` (an encapsulated plugin); anything else is parsed as before.
 * `contentTypes` are the JSON types the scope reads (SCIM adds its own); `check` refuses a
 * parsed body before any route sees it (SCIM's limits on depth and keys).
 */
import type { FastifyInstance } from 'fastify';

export interface OptionalJsonBody {
  contentTypes?: string[];
  check?: (parsed: unknown) => void;
}

export function emptyJsonIsNoBody(scope: FastifyInstance<any, any, any, any, any>, options: OptionalJsonBody = {}): void {
  const { contentTypes = ['application/json'], check } = options;
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(contentTypes, { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    json(request, text, (err, parsed) => {
      if (err) return done(err);
      try {
        check?.(parsed);
        done(null, parsed);
      } catch (refused) {
        done(refused as Error);
      }
    });
  });
}
