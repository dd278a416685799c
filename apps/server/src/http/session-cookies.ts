/**
 * The two cookies of a browser session: the secret (HttpOnly) and the readable user info
 * the web app shows before it asks the server anything.
 */
import { ID_TOKEN_COOKIE, USER_INFO_COOKIE, type UserInfoCookie } from '@console/contracts';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';

function cookieBase(config: Config, expires: Date) {
  return { path: '/', sameSite: 'lax' as const, secure: config.PUBLIC_URL.startsWith('https:'), expires };
}

export function setSessionCookies(reply: FastifyReply, config: Config, secret: string, info: UserInfoCookie, expires: Date): void {
  reply.setCookie(ID_TOKEN_COOKIE, secret, { ...cookieBase(config, expires), httpOnly: true });
  reply.setCookie(USER_INFO_COOKIE, JSON.stringify(info), { ...cookieBase(config, expires), httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const base = cookieBase(config, new Date(0));
  reply.clearCookie(ID_TOKEN_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(USER_INFO_COOKIE, base);
}
