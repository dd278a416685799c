import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.js';
import { postWebhook } from './webhook-post.js';
import { signedHeaders } from './webhook-signing.js';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const anyAddress = { addressAllowed: () => true, allowHttp: true };

describe('posting a signed webhook to a real receiver', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => receiver?.close());

  it('signs so that the official Standard Webhooks library verifies it', async () => {
    const secret = newSecret();
    receiver = await startReceiver([secret]);
    const body = JSON.stringify({ type: 'user.created', timestamp: new Date().toISOString(), data: { id: 'x', name: 'Zoë ✓' } });
    const id = '0190f3e2-0000-7000-8000-000000000001';
    const outcome = await postWebhook(receiver.url, body, signedHeaders([secret], id, Math.floor(Date.now() / 1000), body), anyAddress);
    expect(outcome).toMatchObject({ statusCode: 200, responseBody: 'answer 200', error: null });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ id, body, verifiedWith: [secret] });
  });

  it('signs with both secrets during a roll: a receiver holding either verifies', async () => {
    const [current, previous, unrelated] = [newSecret(), newSecret(), newSecret()];
    receiver = await startReceiver([current, previous, unrelated]);
    const body = '{"type":"webhook.test"}';
    await postWebhook(receiver.url, body, signedHeaders([current, previous], 'msg-1', Math.floor(Date.now() / 1000), body), anyAddress);
    const [call] = receiver.received;
    expect(call?.signature.split(' ')).toHaveLength(2);
    expect(call?.verifiedWith).toEqual([current, previous]);
  });

  it('records a failing answer with its status and the first 4 KB of its body', async () => {
    receiver = await startReceiver([newSecret()]);
    receiver.answer = () => 503;
    const outcome = await postWebhook(receiver.url, '{}', {}, anyAddress);
    expect(outcome.statusCode).toBe(503);
    expect(outcome.error).toBeNull();
  });

  it('refuses an address the policy forbids, before connecting', async () => {
    receiver = await startReceiver([newSecret()]);
    const outcome = await postWebhook(
      receiver.url.replace('127.0.0.1', 'localhost'),
      '{}',
      {},
      {
        addressAllowed: (address) => address !== '127.0.0.1' && address !== '::1',
        allowHttp: true,
      },
    );
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/address not allowed/);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses an http URL unless http is allowed', async () => {
    receiver = await startReceiver([newSecret()]);
    const outcome = await postWebhook(receiver.url, '{}', {}, { addressAllowed: () => true, allowHttp: false });
    expect(outcome.error).toMatch(/only https/);
    expect(receiver.received).toHaveLength(0);
  });
});
