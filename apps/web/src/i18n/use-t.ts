import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { namespaces } from '.';
import { RouteLocaleContext } from './route-locale';

/**
 * `t` over every namespace: 'common' keys bare ('nav.keys'), the others prefixed ('auth:signIn.title'),
 * in the language of the page on screen (route-locale.ts).
 */
export function useT() {
  const lng = useContext(RouteLocaleContext);
  return useTranslation(namespaces, lng ? { lng } : undefined);
}
