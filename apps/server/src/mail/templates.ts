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

/** To an organization's admins: a signing certificate a SAML connection trusts expires soon (decision 063). */
export interface CertificateExpiringMail {
  to: string;
  name: string;
  productName: string;
  organizationName: string;
  connectionName: string;
  /** SHA-256, as the identity provider's screen shows it. */
  fingerprint: string;
  notAfter: Date;
  daysLeft: number;
  /** The Single sign-on screen. */
  url: string;
  locale: string | null;
}

/** A day in the mail's language, in UTC (said so: an admin compares it with the identity provider's screen). */
const mailDate = (date: Date, locale: MailLocale) =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)} (UTC)`;

const certificateExpiringTexts: Record<MailLocale, (m: CertificateExpiringMail) => { subject: string; lines: string[]; button: string }> = {
  en: (m) => ({
    subject: `A single sign-on certificate of ${m.organizationName} expires in ${m.daysLeft} ${m.daysLeft === 1 ? 'day' : 'days'}`,
    lines: [
      `Hello ${m.name},`,
      `The single sign-on connection ${m.connectionName} trusts an identity provider signing certificate that expires on ${mailDate(m.notAfter, 'en')}. Its SHA-256 fingerprint is ${m.fingerprint}.`,
      'Your identity provider will sign with a new certificate around then; sign-ins signed with one the connection does not trust are refused. Before then, give the connection the new certificate on the Single sign-on screen: read the identity provider’s metadata again, or add the certificate by hand. Remove the old one once the identity provider signs with the new one.',
    ],
    button: 'Open Single sign-on',
  }),
  es: (m) => ({
    subject: `Un certificado de inicio de sesión único de ${m.organizationName} caduca en ${m.daysLeft} ${m.daysLeft === 1 ? 'día' : 'días'}`,
    lines: [
      `Hola ${m.name}:`,
      `La conexión de inicio de sesión único ${m.connectionName} confía en un certificado de firma del proveedor de identidad que caduca el ${mailDate(m.notAfter, 'es')}. Su huella SHA-256 es ${m.fingerprint}.`,
      'Tu proveedor de identidad firmará con un certificado nuevo en torno a esa fecha; las respuestas firmadas con un certificado en el que la conexión no confía se rechazan, y con ellas los inicios de sesión. Antes de esa fecha, dale a la conexión el certificado nuevo en la pantalla Inicio de sesión único: vuelve a leer los metadatos del proveedor de identidad o añade el certificado a mano. Quita el antiguo cuando el proveedor de identidad firme con el nuevo.',
    ],
    button: 'Abrir Inicio de sesión único',
  }),
  fr: (m) => ({
    subject: `Un certificat d’authentification unique de l’organisation ${m.organizationName} expire dans ${m.daysLeft} ${m.daysLeft === 1 ? 'jour' : 'jours'}`,
    lines: [
      `Bonjour ${m.name},`,
      `La connexion d’authentification unique ${m.connectionName} fait confiance à un certificat de signature du fournisseur d’identité qui expire le ${mailDate(m.notAfter, 'fr')}. Son empreinte SHA-256 est ${m.fingerprint}.`,
      'Votre fournisseur d’identité signera avec un nouveau certificat vers cette date ; les réponses signées avec un certificat auquel la connexion ne fait pas confiance sont refusées, et les personnes ne peuvent plus se connecter. D’ici là, donnez le nouveau certificat à la connexion sur l’écran Authentification unique : relisez les métadonnées du fournisseur d’identité, ou ajoutez le certificat à la main. Retirez l’ancien quand le fournisseur d’identité signe avec le nouveau.',
    ],
    button: 'Ouvrir Authentification unique',
  }),
  pt: (m) => ({
    subject: `Um certificado de login único de ${m.organizationName} expira em ${m.daysLeft} ${m.daysLeft === 1 ? 'dia' : 'dias'}`,
    lines: [
      `Olá ${m.name},`,
      `A conexão de login único ${m.connectionName} confia em um certificado de assinatura do provedor de identidade que expira em ${mailDate(m.notAfter, 'pt')}. A impressão digital SHA-256 dele é ${m.fingerprint}.`,
      'Seu provedor de identidade vai assinar com um certificado novo por volta dessa data; respostas assinadas com um certificado em que a conexão não confia são recusadas, e com elas os logins. Antes disso, dê à conexão o certificado novo na tela Login único: leia de novo os metadados do provedor de identidade ou adicione o certificado manualmente. Remova o antigo quando o provedor de identidade assinar com o novo.',
    ],
    button: 'Abrir Login único',
  }),
};

export function certificateExpiringMail(m: CertificateExpiringMail): MailMessage {
  const locale = mailLocale(m.locale);
  return linkMail(m.to, m.url, locale, certificateExpiringTexts[locale](m));
}
