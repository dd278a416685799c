import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../i18n';
import { deleteCookie } from '../lib/cookies';
import { forgetSessionRevoked } from '../lib/http';
import { queryClient } from '../lib/query-client';

beforeAll(() => initI18n());

afterEach(() => {
  cleanup();
  queryClient.clear();
  forgetSessionRevoked();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) deleteCookie(name);
  }
  sessionStorage.clear();
});
