import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../i18n';
import { deleteCookie } from '../lib/cookies';
import { forgetSessionRevoked } from '../lib/http';
import { queryClient } from '../lib/query-client';

// Lazy page and catalogue chunks load slowly on a busy machine: wait longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

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
