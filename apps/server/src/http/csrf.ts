/**
 * Cookie-authenticated unsafe requests must carry the CSRF header (a page on another site
 * cannot send it) and, when the browser sends an Origin, come from the console's own origin.
 */
import { authErrorMessage, CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { Forbidden } from './errors.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Refuses a cross-site write: the header a page on another site cannot send, and the Origin. */
export function checkCsrf(request: FastifyRequest, config: Config): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const refuse = () => new Forbidden(authErrorMessage('CSRF', config.PRODUCT_NAME), 'CSRF');
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) throw refuse();
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = [new URL(config.PUBLIC_URL).origin, `${request.protocol}://${request.host}`];
  if (!allowed.includes(origin)) throw refuse();
}

export async function requireCsrf(request: FastifyRequest): Promise<void> {
  checkCsrf(request, request.server.deps.config);
}
