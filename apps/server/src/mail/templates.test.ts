import { describe, expect, it } from 'vitest';
import { certificateExpiringMail, passwordResetMail } from './templates.js';

describe('e-mail texts', () => {
  it('put the link after its label with the colon of the language: French with a no-break space before it', () => {
    const mail = (locale: string) =>
      passwordResetMail({
        to: 'ana@acme.example',
        name: 'Ana',
        productName: 'Workframe',
        url: 'https://console.example.com/fr/auth/password/reset?token=abc',
        minutes: 15,
        locale,
      }).text;
    expect(mail('fr')).toContain('Choisir un nouveau mot de passe\u00a0: https://console.example.com/fr/auth/password/reset?token=abc');
    expect(mail('en')).toContain('Choose a new password: https://console.example.com/');
    expect(mail('pt')).toContain('Escolher uma nova senha: https://console.example.com/');
  });

  it('count a certificate’s last day in the singular, and give its end as a date in the language, in UTC', () => {
    const mail = (locale: string, daysLeft: number) =>
      certificateExpiringMail({
        to: 'ana@acme.example',
        name: 'Ana',
        productName: 'Workframe',
        organizationName: 'Acme',
        connectionName: 'Okta',
        fingerprint: 'AA:BB',
        notAfter: new Date('2027-03-01T23:30:00Z'),
        daysLeft,
        url: 'https://console.example.com/single-sign-on',
        locale,
      });
    expect(mail('en', 1).subject).toBe('A single sign-on certificate of Acme expires in 1 day');
    expect(mail('pt', 7).subject).toBe('Um certificado de login único de Acme expira em 7 dias');
    expect(mail('en', 1).text).toContain('expires on March 1, 2027 (UTC)');
    expect(mail('fr', 1).text).toContain('expire le 1 mars 2027 (UTC)');
  });
});
