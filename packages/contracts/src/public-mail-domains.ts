/**
 * Mail services anyone may sign up to: no organization owns such a domain, so none may claim
 * it (docs/decisions/064-verified-domains.md), whatever a DNS record says. Curated, not
 * exhaustive: the providers most addresses are at, and their regional forms.
 */

/** Domains refused as they are, and with every subdomain. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'msn.com',
  'passport.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aim.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'tutanota.com',
  'tutanota.de',
  'tuta.io',
  'tuta.com',
  'fastmail.com',
  'fastmail.fm',
  'hey.com',
  'mail.com',
  'email.com',
  'usa.com',
  'web.de',
  't-online.de',
  'freenet.de',
  'mail.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'internet.ru',
  'rambler.ru',
  'ya.ru',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sina.cn',
  'sohu.com',
  'aliyun.com',
  'zoho.com',
  'zohomail.com',
  'zohomail.eu',
  'ymail.com',
  'rocketmail.com',
  'naver.com',
  'daum.net',
  'hanmail.net',
  'rediffmail.com',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'ig.com.br',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'interia.pl',
  'onet.pl',
  'btinternet.com',
  'sky.com',
  'comcast.net',
  'att.net',
  'verizon.net',
  'hushmail.com',
  'gmx.com',
  'mailbox.org',
  'posteo.de',
  'disroot.org',
]);

/**
 * Providers with a domain per country (`yahoo.co.uk`, `gmx.de`, `yandex.com.tr`,
 * `hotmail.fr`, `outlook.com.br`, `live.jp`): the name, before a top-level domain or a
 * second-level one such as `co.uk` or `com.br`.
 */
const REGIONAL_PROVIDERS = ['yahoo', 'gmx', 'yandex', 'hotmail', 'outlook', 'live', 'windowslive', 'ymail'];
const REGIONAL = new RegExp(`(?:^|\\.)(?:${REGIONAL_PROVIDERS.join('|')})\\.(?:[a-z]{2,3}|(?:co|com|net|org|ne)\\.[a-z]{2})$`);

/** Whether the domain (normalized: lower case, no trailing dot) is a public mail service's, or under one. */
export function isPublicMailDomain(domain: string): boolean {
  if (REGIONAL.test(domain)) return true;
  const labels = domain.split('.');
  return labels.some((_, i) => PUBLIC_MAIL_DOMAINS.has(labels.slice(i).join('.')));
}
