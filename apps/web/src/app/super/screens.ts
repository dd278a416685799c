/**
 * The Super area's screens, shown as cards on its home page: one line per screen, added
 * when that screen exists (pages.ts). A screen's texts are in the `super` namespace, or in
 * its feature's own (`ns`).
 */
import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BusinessIcon from '@mui/icons-material/Business';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { ParseKeys } from 'i18next';
import type { Catalogue } from '../../i18n';

type Texts = { [N in keyof Catalogue]: { ns?: N; title: ParseKeys<N>; text: ParseKeys<N> } }[keyof Catalogue];

export type SuperScreen = Texts & {
  /** English-form path, as in pages.ts. */
  to: string;
  icon: SvgIconComponent;
};

export const superScreens: SuperScreen[] = [
  { to: '/super/organizations', title: 'home.organizations.title', text: 'home.organizations.text', icon: BusinessIcon },
  { to: '/super/user', ns: 'lookup', title: 'home.user.title', text: 'home.user.text', icon: PersonSearchIcon },
  { to: '/super/workflows', ns: 'lookup', title: 'home.workflows.title', text: 'home.workflows.text', icon: AccountTreeIcon },
];
