import { useTranslation } from 'react-i18next';
import { namespaces } from '.';

/** `t` over every namespace: 'common' keys bare ('nav.keys'), the others prefixed ('auth:signIn.title'). */
export function useT() {
  return useTranslation(namespaces);
}
