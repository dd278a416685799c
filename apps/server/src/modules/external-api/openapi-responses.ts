/**
 * Finishing touches on the generated OpenAPI document: each response gets a description
 * that says what it means here (instead of "Default Response"), every 429 documents its
 * Retry-After header, as does the 503 that any call may get from the embedded database's full
 * line (db/queue.ts, decision 035), an access key's answers their RateLimit fields and its writes
 * the Idempotency-Key header (decision 070), and the CSV upload (a multipart stream, which no zod body schema
 * validates) documents its form fields from the same contract the import service parses;
 * integers lose zod's meaningless bounds, and error answers show their own status as example.
 */
import { createUserImportFields } from '@console/contracts';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { z } from 'zod';

const uploadFields = z.toJSONSchema(createUserImportFields, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
const uploadBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'The CSV file (UTF-8, header row)' },
          ...uploadFields.properties,
        },
      },
    },
  },
};

const descriptions: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: queued, done in the background',
  '400': 'The request is not valid (details name the fields)',
  '401': 'The apiKey or the idToken is missing, invalid or expired (see code)',
  '403':
    'Not allowed: the key is of another organization, the role cannot use the API or this call, or the account uses single sign-on (see code)',
  '404': 'Not found in your organization',
  '409': 'Conflicts with existing data, or the first request with this Idempotency-Key is still running (see code)',
  '413': "The file is too large: over the server's upload limit",
  '422': 'The Idempotency-Key was used for another request in the last 24 hours (code IDEMPOTENCY_KEY_REUSED)',
  '429': 'Too many requests: wait for the seconds of Retry-After',
  '503': 'Busy (the embedded database only): its line of statements is full; wait for the seconds of Retry-After (code SERVICE_BUSY)',
};

const retryAfter = { 'Retry-After': { description: 'Seconds to wait before the next call', schema: { type: 'integer', minimum: 1 } } };

/** The access key's budget, on every answer to a valid key (the IETF RateLimit fields, decision 070). */
const rateLimitFields = {
  'RateLimit-Policy': {
    description: 'The access key\'s budget: `"access-key";q=<calls>;w=<seconds>`',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left of it: `"access-key";r=<calls left>;t=<seconds until the window ends>`',
    schema: { type: 'string' },
  },
};
const replayed = {
  'Idempotent-Replayed': {
    description: '`true` when this is the kept answer of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same request sent again with the same key within 24 hours is not done again and gets the first answer',
  schema: { type: 'string', minLength: 1, maxLength: 255, examples: ['5f2b7c1e-8a4d-4e0b-9c61-3d2f7a9b1e40'] },
};
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

type Operation = {
  operationId?: string;
  requestBody?: unknown;
  security?: unknown[];
  parameters?: unknown[];
  responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
};

/** A call of an access key (every call but the token's): its answers carry the key's budget, and a write takes an Idempotency-Key. */
function describeKeyCall(method: string, operation: Operation) {
  if (!operation.security?.length) return;
  const write = WRITES.has(method);
  if (write) operation.parameters = [...(operation.parameters ?? []), idempotencyKey];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    // A refused key has no budget to tell (an address spends its own, told only once spent).
    if (status === '401') continue;
    const retry = status === '429' || (write && status === '409') || status === '503' ? retryAfter : {};
    response.headers = { ...response.headers, ...rateLimitFields, ...retry, ...(write && Number(status) < 300 ? replayed : {}) };
  }
}

/**
 * zod writes every `.int()` as bounded by ±Number.MAX_SAFE_INTEGER; the bounds say nothing,
 * and reference pages make their examples from them (`expiresIn: -9007199254740991`).
 */
function dropSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) dropSafeIntegerBounds(item);
  else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
    if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
    for (const value of Object.values(schema)) dropSafeIntegerBounds(value);
  }
}

/** An error answer's envelope, its example status the answer's own (the envelope is shared). */
function withStatusExample(response: { content?: Record<string, { schema?: { properties?: Record<string, object> } }> }, status: number) {
  for (const media of Object.values(response.content ?? {})) {
    const properties = media.schema?.properties;
    // Copies: the schema objects may be shared between answers.
    if (properties?.statusCode) {
      media.schema = { ...media.schema, properties: { ...properties, statusCode: { ...properties.statusCode, examples: [status] } } };
    }
  }
}

export const describeResponses: SwaggerTransformObject = (document) => {
  const doc = ('openapiObject' in document ? document.openapiObject : document.swaggerObject) as {
    paths?: Record<string, Record<string, Operation>>;
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId === 'createUserImport') operation.requestBody = uploadBody;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) >= 400) withStatusExample(response as Parameters<typeof withStatusExample>[0], Number(status));
        if (descriptions[status] && (!response.description || response.description === 'Default Response'))
          response.description = descriptions[status];
        if (status === '429') response.headers = retryAfter;
      }
      // Any call may find the embedded database's line full (decision 035): the same envelope, code SERVICE_BUSY.
      const envelope = operation.responses?.['401'] ?? operation.responses?.['400'];
      if (envelope && operation.responses) {
        const busy = { ...structuredClone(envelope), description: descriptions['503'], headers: retryAfter };
        withStatusExample(busy as Parameters<typeof withStatusExample>[0], 503);
        operation.responses['503'] = busy;
      }
      describeKeyCall(method, operation);
    }
  }
  dropSafeIntegerBounds(doc.paths);
  return doc as ReturnType<SwaggerTransformObject>;
};
