/**
 * A refusal of the webhooks' calls in the user's language: a refused address says why (its
 * `details.reason`), test events sent too often say when the next may go, anything else as
 * every error does (lib/error-message.ts).
 */
import { WEBHOOK_TESTS_PER_MINUTE, webhookErrorCodes, webhookUrlProblems } from '@console/contracts/webhooks';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { isHttpError } from '../../lib/http';

/** The reason the server gave for refusing an address, when it refused one. */
export function refusedUrlReason(err: unknown): (typeof webhookUrlProblems)[number] | undefined {
  if (!isHttpError(err) || err.code !== webhookErrorCodes.urlInvalid) return undefined;
  const reason = (err.details as { reason?: unknown } | undefined)?.reason;
  return webhookUrlProblems.find((p) => p === reason);
}

export function webhookErrorMessage(err: unknown, fallbackKey: string): string {
  const reason = refusedUrlReason(err);
  return reason ? i18n.t(`webhooks:urlProblems.${reason}`) : errorMessage(err, fallbackKey);
}

/** A test event that could not be sent; past the endpoint's few a minute (429), when the next one may go. */
export function testEventErrorMessage(err: unknown): string {
  const wait =
    isHttpError(err) && err.statusCode === 429
      ? (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
      : undefined;
  if (typeof wait === 'number' && wait > 0) return i18n.t('webhooks:errors.testTooOften', { count: wait, max: WEBHOOK_TESTS_PER_MINUTE });
  return errorMessage(err, 'webhooks:errors.test');
}
