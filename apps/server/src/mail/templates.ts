/** The console's e-mails, in the four languages of the interface (English when unknown). */
import { type ContentLocale, contentLocaleOf } from '@console/contracts';
import type { MailMessage } from './mailer.js';

export type MailLocale = ContentLocale;
export const mailLocale = contentLocaleOf;

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

/** A message of paragraphs and one link button, as text and as HTML. French puts a no-break space before a colon. */
function linkMail(
  to: string,
  url: string,
  locale: MailLocale,
  { subject, lines, button }: { subject: string; lines: string[]; button: string },
): MailMessage {
  const text = `${lines.join('\n\n')}\n\n${button}${locale === 'fr' ? '\u00a0:' : ':'} ${url}\n`;
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(button)}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(url)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function invitationMail(m: InvitationMail): MailMessage {
  const locale = mailLocale(m.locale);
  return linkMail(m.to, m.url, locale, invitationTexts[locale](m));
}

/** An invitation of someone who works in the platform's app, not this console: activate the account, then use the app. */
export interface ActivationMail extends InvitationMail {
  /** The platform's app (PLATFORM_APP_URL); unset, the e-mail names the app without it. */
  appUrl?: string;
}

const activationTexts: Record<MailLocale, (m: ActivationMail) => { subject: string; lines: string[]; button: string }> = {
  en: (m) => ({
    subject: `Activate your ${m.productName} account`,
    lines: [
      `Hello ${m.name},`,
      `${m.invitedBy ? `${m.invitedBy} created your account` : 'An account was created for you'} at ${m.organizationName} on ${m.productName}.`,
      `Choose your password to activate it. This link works once and expires in ${m.days} days.`,
      `Then sign in to the ${m.productName} app${m.appUrl ? ` at ${m.appUrl}` : ''} with your e-mail address and this password.`,
    ],
    button: 'Activate my account',
  }),
  es: (m) => ({
    subject: `Activa tu cuenta de ${m.productName}`,
    lines: [
      `Hola ${m.name}:`,
      `${m.invitedBy ? `${m.invitedBy} ha creado tu cuenta` : 'Tienes una cuenta'} de ${m.organizationName} en ${m.productName}.`,
      `Elige tu contraseña para activarla. Este enlace solo funciona una vez y caduca en ${m.days} días.`,
      `Después inicia sesión en la app de ${m.productName}${m.appUrl ? ` en ${m.appUrl}` : ''} con tu dirección de correo y esta contraseña.`,
    ],
    button: 'Activar mi cuenta',
  }),
  fr: (m) => ({
    subject: `Activez votre compte ${m.productName}`,
    lines: [
      `Bonjour ${m.name},`,
      `${m.invitedBy ? `${m.invitedBy} a créé votre compte` : 'Vous avez un compte'} ${m.organizationName} sur ${m.productName}.`,
      `Choisissez votre mot de passe pour l’activer. Ce lien ne fonctionne qu’une fois et expire dans ${m.days} jours.`,
      `Connectez-vous ensuite à l’application ${m.productName}${m.appUrl ? ` sur ${m.appUrl}` : ''} avec votre adresse e-mail et ce mot de passe.`,
    ],
    button: 'Activer mon compte',
  }),
  pt: (m) => ({
    subject: `Ative sua conta do ${m.productName}`,
    lines: [
      `Olá ${m.name},`,
      `${m.invitedBy ? `${m.invitedBy} criou sua conta` : 'Você tem uma conta'} de ${m.organizationName} no ${m.productName}.`,
      `Escolha sua senha para ativá-la. Este link funciona uma única vez e expira em ${m.days} dias.`,
      `Depois, entre no app do ${m.productName}${m.appUrl ? ` em ${m.appUrl}` : ''} com seu endereço de e-mail e essa senha.`,
    ],
    button: 'Ativar minha conta',
  }),
};

export function activationMail(m: ActivationMail): MailMessage {
  const locale = mailLocale(m.locale);
  return linkMail(m.to, m.url, locale, activationTexts[locale](m));
}

export interface PasswordResetMail {
  to: string;
  name: string;
  productName: string;
  url: string;
  minutes: number;
  locale: string | null;
}

const passwordResetTexts: Record<MailLocale, (m: PasswordResetMail) => { subject: string; lines: string[]; button: string }> = {
  en: (m) => ({
    subject: `Reset your ${m.productName} password`,
    lines: [
      `Hello ${m.name},`,
      `Someone asked to reset the password of your ${m.productName} account. Choose a new one with the link below: it works once and expires in ${m.minutes} minutes. Every session of your account ends when you do.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    button: 'Choose a new password',
  }),
  es: (m) => ({
    subject: `Restablece tu contraseña de ${m.productName}`,
    lines: [
      `Hola ${m.name}:`,
      `Alguien ha pedido restablecer la contraseña de tu cuenta de ${m.productName}. Elige una nueva con el enlace de abajo: solo funciona una vez y caduca en ${m.minutes} minutos. Al hacerlo se cerrarán todas las sesiones de tu cuenta.`,
      'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
    ],
    button: 'Elegir una contraseña nueva',
  }),
  fr: (m) => ({
    subject: `Réinitialisez votre mot de passe ${m.productName}`,
    lines: [
      `Bonjour ${m.name},`,
      `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${m.productName}. Choisissez-en un nouveau avec le lien ci-dessous : il ne fonctionne qu’une fois et expire dans ${m.minutes} minutes. Toutes les sessions de votre compte seront alors fermées.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.',
    ],
    button: 'Choisir un nouveau mot de passe',
  }),
  pt: (m) => ({
    subject: `Redefina sua senha do ${m.productName}`,
    lines: [
      `Olá ${m.name},`,
      `Alguém pediu para redefinir a senha da sua conta do ${m.productName}. Escolha uma nova pelo link abaixo: ele funciona uma única vez e expira em ${m.minutes} minutos. Ao fazer isso, todas as sessões da sua conta serão encerradas.`,
      'Se não foi você que pediu, ignore este e-mail: sua senha continua a mesma.',
    ],
    button: 'Escolher uma nova senha',
  }),
};

export function passwordResetMail(m: PasswordResetMail): MailMessage {
  const locale = mailLocale(m.locale);
  return linkMail(m.to, m.url, locale, passwordResetTexts[locale](m));
}

/** To an organization's admins: the console disabled one of its webhooks after every attempt failed for days. */
export interface WebhookDisabledMail {
  to: string;
  name: string;
  productName: string;
  organizationName: string;
  /** The endpoint's URL, as its admins know it. */
  endpointUrl: string;
  days: number;
  /** The endpoint's page on the Webhooks screen. */
  url: string;
  locale: string | null;
}

const webhookDisabledTexts: Record<MailLocale, (m: WebhookDisabledMail) => { subject: string; lines: string[]; button: string }> = {
  en: (m) => ({
    subject: `A webhook of ${m.organizationName} was disabled`,
    lines: [
      `Hello ${m.name},`,
      `Every delivery to the webhook ${m.endpointUrl} has failed for ${m.days} days, so ${m.productName} disabled it: nothing more is sent to it.`,
      'When the receiver works again, enable the webhook on the Webhooks screen; you can then resend what it missed.',
    ],
    button: 'Open the webhook',
  }),
  es: (m) => ({
    subject: `Se ha desactivado un webhook de ${m.organizationName}`,
    lines: [
      `Hola ${m.name}:`,
      `Todos los envíos al webhook ${m.endpointUrl} han fallado durante ${m.days} días, así que ${m.productName} lo ha desactivado: ya no se le envía nada.`,
      'Cuando el receptor vuelva a funcionar, activa el webhook en la pantalla Webhooks; después podrás reenviar lo que no recibió.',
    ],
    button: 'Abrir el webhook',
  }),
  fr: (m) => ({
    subject: `Un webhook de l’organisation ${m.organizationName} a été désactivé`,
    lines: [
      `Bonjour ${m.name},`,
      `Tous les envois au webhook ${m.endpointUrl} échouent depuis ${m.days} jours : ${m.productName} l’a donc désactivé et ne lui envoie plus rien.`,
      'Quand le destinataire fonctionne à nouveau, activez le webhook sur l’écran Webhooks ; vous pourrez alors renvoyer ce qu’il a manqué.',
    ],
    button: 'Ouvrir le webhook',
  }),
  pt: (m) => ({
    subject: `Um webhook de ${m.organizationName} foi desativado`,
    lines: [
      `Olá ${m.name},`,
      `Todas as entregas ao webhook ${m.endpointUrl} falharam durante ${m.days} dias, por isso o ${m.productName} o desativou: nada mais é enviado a ele.`,
      'Quando o receptor voltar a funcionar, ative o webhook na tela Webhooks; depois você poderá reenviar o que ele perdeu.',
    ],
    button: 'Abrir o webhook',
  }),
};

export function webhookDisabledMail(m: WebhookDisabledMail): MailMessage {
  const locale = mailLocale(m.locale);
  return linkMail(m.to, m.url, locale, webhookDisabledTexts[locale](m));
}
