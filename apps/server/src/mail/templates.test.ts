import { describe, expect, it } from 'vitest';
import { passwordResetMail } from './templates.js';

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
});
