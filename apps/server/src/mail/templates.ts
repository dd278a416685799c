/** The console's e-mails, in the four languages of the interface (English when unknown). */
import type { MailMessage } from './mailer.js';

export type MailLocale = 'en' | 'es' | 'fr' | 'pt';

export function mailLocale(locale: string | null | undefined): MailLocale {
  const base = (locale ?? 'en').slice(0, 2).toLowerCase();
  return base === 'es' || base === 'fr' || base === 'pt' ? base : 'en';
}

/**
 * An address of the web app in a language: English has no prefix, the others /es, /fr, /pt
 * (the web app's routing), so a link opens the page in the language of its e-mail.
 */
export function consolePageUrl(publicUrl: string, path: string, locale: MailLocale): string {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  return `${publicUrl.replace(/\/+$/, '')}${prefix}${path}`;
}

export interface InvitationMail {
  to: string;
  name: string;
  organizationName: string;
  productName: string;
  invitedBy?: string;
  url: string;
  days: number;
  locale: string | null;
}

const invitationTexts: Record<MailLocale, (m: InvitationMail) => { subject: string; lines: string[]; button: string }> = {
  en: (m) => ({
    subject: `You are invited to ${m.organizationName} on ${m.productName}`,
    lines: [
      `Hello ${m.name},`,
      `${m.invitedBy ? `${m.invitedBy} invited you` : 'You have been invited'} to join ${m.organizationName} on ${m.productName}.`,
      `Choose your password to activate your account. This link works once and expires in ${m.days} days.`,
    ],
    button: 'Set my password',
  }),
  es: (m) => ({
    subject: `Te han invitado a ${m.organizationName} en ${m.productName}`,
    lines: [
      `Hola ${m.name}:`,
      `${m.invitedBy ? `${m.invitedBy} te ha invitado` : 'Te han invitado'} a unirte a ${m.organizationName} en ${m.productName}.`,
      `Elige tu contraseña para activar tu cuenta. Este enlace solo funciona una vez y caduca en ${m.days} días.`,
    ],
    button: 'Elegir mi contraseña',
  }),
  fr: (m) => ({
    subject: `Vous êtes invité·e à rejoindre ${m.organizationName} sur ${m.productName}`,
    lines: [
      `Bonjour ${m.name},`,
      `${m.invitedBy ? `${m.invitedBy} vous invite` : 'Vous êtes invité·e'} à rejoindre ${m.organizationName} sur ${m.productName}.`,
      `Choisissez votre mot de passe pour activer votre compte. Ce lien ne fonctionne qu’une fois et expire dans ${m.days} jours.`,
    ],
    button: 'Choisir mon mot de passe',
  }),
  pt: (m) => ({
    subject: `Você foi convidado para ${m.organizationName} no ${m.productName}`,
    lines: [
      `Olá ${m.name},`,
      `${m.invitedBy ? `${m.invitedBy} convidou você` : 'Você foi convidado'} para participar de ${m.organizationName} no ${m.productName}.`,
      `Escolha sua senha para ativar sua conta. Este link funciona uma única vez e expira em ${m.days} dias.`,
    ],
    button: 'Definir minha senha',
  }),
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function invitationMail(m: InvitationMail): MailMessage {
  const { subject, lines, button } = invitationTexts[mailLocale(m.locale)](m);
  const text = `${lines.join('\n\n')}\n\n${button}: ${m.url}\n`;
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(m.url)}">${escapeHtml(button)}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(m.url)}</p>`,
  ].join('\n');
  return { to: m.to, subject, text, html };
}
