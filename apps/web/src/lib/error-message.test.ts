import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, initI18n } from '../i18n';
import { errorMessage } from './error-message';
import { HttpError } from './http';

beforeAll(() => initI18n());

describe('errorMessage', () => {
  it('says why a session ended as the session-ended alert does, never "another device" for another reason', async () => {
    await activateLocale('pt');
    try {
      const sso = new HttpError('sso', 'SESSION_REVOKED', 401, { reason: 'sso_required' });
      expect(errorMessage(sso, 'userImports:list.failed')).toBe('Sua organização agora só permite login único (SSO).');
      // Without a reason (or one this app does not know) it is the other device, as before.
      expect(errorMessage(new HttpError('closed', 'SESSION_REVOKED', 401))).toBe('Sua sessão foi encerrada em outro dispositivo.');
      expect(errorMessage(new HttpError('closed', 'SESSION_REVOKED', 401, { reason: 'martians' }))).toBe(
        'Sua sessão foi encerrada em outro dispositivo.',
      );
    } finally {
      await activateLocale('en');
    }
  });
});
