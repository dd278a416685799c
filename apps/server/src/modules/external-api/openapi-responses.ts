/**
 * Finishing touches on the generated OpenAPI document: each response gets a description
 * that says what it means here (instead of "Default Response"), every 429 documents its
 * Retry-After header, and the CSV upload (a multipart stream, which no zod body schema
 * validates) documents its form fields from the same contract the import service parses.
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
  '400': 'The request is not valid (details name the fields)',
  '401': 'The apiKey or the idToken is missing, invalid or expired (see code)',
  '403':
    'Not allowed: the key is of another organization, the role cannot use the API or this call, or the account uses single sign-on (see code)',
  '404': 'Not found in your organization',
  '409': 'Conflicts with existing data',
  '429': 'Too many requests: wait for the seconds of Retry-After',
};

type Operation = {
  operationId?: string;
  requestBody?: unknown;
  responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
};

export const describeResponses: SwaggerTransformObject = (document) => {
  const doc = ('openapiObject' in document ? document.openapiObject : document.swaggerObject) as {
    paths?: Record<string, Record<string, Operation>>;
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (operation.operationId === 'createUserImport') operation.requestBody = uploadBody;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (descriptions[status] && (!response.description || response.description === 'Default Response'))
          response.description = descriptions[status];
        if (status === '429') {
          response.headers = {
            'Retry-After': { description: 'Seconds to wait before the next call', schema: { type: 'integer', minimum: 1 } },
          };
        }
      }
    }
  }
  return doc as ReturnType<SwaggerTransformObject>;
};
