/** A refused claim in the user's language: which rule refused the domain (`details.reason`), anything else as every error does. */
import { domainErrorCodes, domainProblems } from '@console/contracts/domains';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { isHttpError } from '../../lib/http';

export function domainErrorMessage(err: unknown, fallbackKey: string): string {
  if (isHttpError(err) && err.code === domainErrorCodes.invalid) {
    const reason = domainProblems.find((p) => p === (err.details as { reason?: unknown } | undefined)?.reason);
    if (reason) return i18n.t(`singleSignOn:problems.${reason}`);
  }
  return errorMessage(err, fallbackKey);
}
