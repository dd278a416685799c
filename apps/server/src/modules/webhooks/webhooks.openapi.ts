/**
 * The OpenAPI 3.1 `webhooks` of the integration API's document (external-api.routes.ts adds
 * it): what a receiver gets, with the Standard Webhooks headers that sign it. The body is the
 * contracts' `webhookPayload`, whose `data` is the event as the events API shows it.
 */
import { webhookPayload } from '@console/contracts';
import { z } from 'zod';

const payloadSchema = z.toJSONSchema(webhookPayload, { io: 'output', unrepresentable: 'any' });
const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', examples: [example] },
});

export const webhooksOpenApi = {
  event: {
    post: {
      operationId: 'receiveWebhookEvent',
      tags: ['Webhooks'],
      summary: 'An event, sent to your endpoint',
      description:
        'One POST per event and endpoint, signed as Standard Webhooks sign them: verify the signature with a Standard Webhooks ' +
        'library and the endpoint’s secret before trusting the body. Answer with a 2xx status within 15 seconds; any other answer, ' +
        'or none, is tried again later, for about 28 hours. The same event may arrive more than once: drop repeats by `webhook-id`.',
      security: [],
      parameters: [
        header('webhook-id', 'The event’s id: the same for every attempt of the event', '0193a3c2-5f1e-7b3a-9c4d-2e8f6a1b0c9d'),
        header('webhook-timestamp', 'When this attempt was sent (Unix seconds): refuse old ones', '1764288000'),
        header(
          'webhook-signature',
          'Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret: two during a secret roll’s grace period',
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: payloadSchema } } },
      responses: {
        '200': { description: 'Received (any 2xx status)' },
        '400': { description: 'Not received (any other status, or no answer): the event is sent again later' },
      },
    },
  },
};
