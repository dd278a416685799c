/**
 * The Super area's screens, shown as cards on its home page (docs/product.md, "Super
 * area"): one line per screen, added when that screen exists (pages.ts). A card's texts are
 * in its feature's namespace (`ns`), under `home`.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BusinessIcon from '@mui/icons-material/Business';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { ParseKeys } from 'i18next';
import type { Catalogue } from '../../i18n';
import { paths } from '../../lib/paths';

type Texts = { [N in keyof Catalogue]: { ns: N; title: ParseKeys<N>; text: ParseKeys<N> } }[keyof Catalogue];

export type SuperScreen = Texts & {
  /** English-form path, as in pages.ts. */
  to: string;
  icon: SvgIconComponent;
};

export const superScreens: SuperScreen[] = [
  { to: paths.organizations(), ns: 'organizations', title: 'home.title', text: 'home.text', icon: BusinessIcon },
  { to: paths.userLookup(), ns: 'lookup', title: 'home.user.title', text: 'home.user.text', icon: PersonSearchIcon },
  { to: paths.workflowSearch(), ns: 'lookup', title: 'home.workflows.title', text: 'home.workflows.text', icon: AccountTreeIcon },
];
