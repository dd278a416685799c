/**
 * The endpoint's address as the form checks it before sending: present, an absolute URL,
 * https, without a user name or password. A plain-HTTP address of this machine or a private
 * network (a receiver under development) is left to the server, which accepts it only when its
 * setting allows private addresses, and otherwise refuses it with WEBHOOK_URL_INVALID and its
 * reason. The server checks every address again, and the resolved address at each delivery.
 */
import type { WebhookUrlProblem } from '@console/contracts/webhooks';

export type UrlProblem = 'required' | 'invalid' | WebhookUrlProblem;

const PRIVATE_HOST = /^(localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|\[::1\])$/i;

export function webhookUrlProblem(value: string): UrlProblem | undefined {
  const text = value.trim();
  if (text === '') return 'required';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (!url.hostname || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'invalid';
  if (url.username || url.password) return 'credentials';
  if (url.protocol === 'http:' && !PRIVATE_HOST.test(url.hostname)) return 'not_https';
  return undefined;
}
