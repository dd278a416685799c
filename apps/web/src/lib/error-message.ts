/**
 * The user's-language text of an API error: the translation of its `code`, else the
 * caller's fallback, else the server's (English) message, else 'Unknown error'.
 * A session that ended says why, as the session-ended alert does (`details.reason`: "SSO
 * login only", the organization disabled…), never "another device" for another reason.
 * `{{product}}` is filled from the app config (i18next default variables).
 */
import { i18n } from '../i18n';
import { isHttpError, sessionEndOf } from './http';

type Translate = (key: string) => string;

export function errorMessage(err: unknown, fallbackKey?: string): string {
  const t = i18n.t.bind(i18n) as unknown as Translate;
  const ended = sessionEndOf(err);
  if (ended && ended !== 'signed_out' && i18n.exists(`auth:revoked.reasons.${ended}`)) return t(`auth:revoked.reasons.${ended}`);
  const code = isHttpError(err) ? err.code : undefined;
  if (code && i18n.exists(`errors:codes.${code}`)) return t(`errors:codes.${code}`);
  if (fallbackKey) return t(fallbackKey);
  if (err instanceof Error && err.message) return err.message;
  return t('errors:codes.UNKNOWN');
}

export function setProductName(productName: string): void {
  // In place: the translator and the interpolator share this options object.
  i18n.options.interpolation ??= {};
  i18n.options.interpolation.defaultVariables = { ...i18n.options.interpolation.defaultVariables, product: productName };
}
