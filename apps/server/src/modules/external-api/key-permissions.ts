/**
 * The access key's permissions, checked for every external call after the guard that sets
 * the caller (external-api.auth.ts) and before the call's input is read: an `onRequest` hook,
 * as the role guards are (decision 012), so a key refused an area learns nothing of its calls'
 * shapes (docs/decisions/069-access-key-permissions-and-integrations.md).
 */
import {
  externalApiErrorCodes as codes,
  externalApiPermissions,
  levelIn,
  permissionRefusal,
  permits,
  type RequiredPermission,
  externalApiRoutes as routes,
} from '@console/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';

/** What each call needs, by its operation id (the route's schema names it). */
const neededByOperation = new Map<string, RequiredPermission>(
  Object.entries(externalApiPermissions).map(([name, needed]) => [routes[name as keyof typeof externalApiPermissions].operationId, needed]),
);

/** The permission a call of this operation needs; undefined for a call the table does not know. */
export const permissionFor = (operationId: string): RequiredPermission | undefined => neededByOperation.get(operationId);

export function guardKeyPermissions(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  const permissions = request.auth?.accessKeyPermissions ?? 'full';
  if (permissions === 'full') return done();
  const operationId = String(request.routeOptions.schema?.operationId ?? '');
  const needed = permissionFor(operationId);
  if (needed && permits(permissions, needed)) return done();
  // A call missing from the table (none is: it is typed over every call) is for full-access keys only.
  if (!needed) return done(new AppError(403, codes.permissionDenied, 'Only a full-access key may make this call.'));
  done(
    new AppError(403, codes.permissionDenied, permissionRefusal(permissions, needed), {
      area: needed.area,
      needed: needed.level,
      has: levelIn(permissions, needed.area),
    }),
  );
}
