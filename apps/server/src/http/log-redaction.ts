/**
 * Secrets that must never reach a log line, whatever the level: the headers that carry an
 * access key, an idToken or a session cookie. Plugins log them at trace level
 * (@fastify/multipart logs its busboy options with every request header).
 */
import type { LoggerOptions } from 'pino';

const secretHeaders = ['authorization', 'cookie', 'apikey', 'set-cookie'];

export const logRedaction: NonNullable<LoggerOptions['redact']> = {
  paths: secretHeaders.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`, `*.*.headers["${h}"]`]),
  censor: '[redacted]',
};
