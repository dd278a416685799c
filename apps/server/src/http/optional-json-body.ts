/**
 * An empty body typed as JSON is no body: a request that sends a JSON content type with
 * nothing after it is answered as the same request without one (HTTP clients send the type
 * with an empty DELETE or action), rather than with Fastify's "body cannot be empty" 400; a
 * route whose body is required answers its own validation error. app.ts applies it to the
 * whole app; a scope with JSON types of its own applies it again (SCIM: `contentTypes`), and
 * `check` refuses a parsed body before any route sees it (SCIM's limits on depth and keys).
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
