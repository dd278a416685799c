/**
 * The Super area's screens, shown as cards on its home page: one line per screen, added
 * when that screen exists (pages.ts).
 */
import type { SvgIconComponent } from '@mui/icons-material';
import BusinessIcon from '@mui/icons-material/Business';
import type { ParseKeys } from 'i18next';

export interface SuperScreen {
  /** English-form path, as in pages.ts. */
  to: string;
  title: ParseKeys<'super'>;
  text: ParseKeys<'super'>;
  icon: SvgIconComponent;
}

export const superScreens: SuperScreen[] = [
  { to: '/super/organizations', title: 'home.organizations.title', text: 'home.organizations.text', icon: BusinessIcon },
];
