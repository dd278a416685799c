import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadLocale } from '../i18n';
import { deleteCookie } from '../lib/cookies';
import { forgetSessionRevoked } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { takeContractViolations } from './contract-replies';

/**
 * How long a findBy / waitFor waits for what it looks for. The first screen a test file
 * renders pays for loading its lazy page, the catalogue and MUI's styles (jsdom parses every
 * style emotion inserts), several times longer on a machine whose cores other work keeps busy
 * than on an idle one. The wait ends as soon as the element is there, so a long bound costs a
 * passing test nothing; it is one value here, not a timeout per call.
 */
configure({ asyncUtilTimeout: 15_000 });

/**
 * A findBy polls (every 50 ms and on every DOM change) and each miss builds an error whose
 * message prints the whole DOM: about a seventh of the CPU of a first render went into
 * messages nobody reads, taken from the render being waited for. While polling, the message
 * is the query's own; when the wait times out, waitFor asks again outside the polling and
 * the failure prints the DOM as before, as does a getBy that fails.
 */
const printingElementError = getConfig().getElementError;
configure({
  getElementError: (message, container) => {
    const polling = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics;
    if (!polling) return printingElementError(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// Screens are rendered without their route's guard, which loads English beyond its shell.
beforeAll(() => loadLocale('en'));

afterEach(() => {
  cleanup();
  queryClient.clear();
  forgetSessionRevoked();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) deleteCookie(name);
  }
  sessionStorage.clear();
  // Last, so the test's screen is cleaned up either way: an answer of the scripted API that
  // was not the contract's fails the test even when the app caught the failed request.
  const violations = takeContractViolations();
  if (violations.length) throw new Error(violations.join('\n\n'));
});
