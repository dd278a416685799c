/**
 * The trail above a nested screen's PageHeader (`Super › Organizations › Acme`): every step
 * a link but the last, the screen itself. Paths are English-form (lib/paths.ts); they are
 * shown in the locale on screen. Long names are cut with an ellipsis so that the trail never
 * makes a phone's screen scroll sideways.
 */
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../i18n/use-locale';
import { useT } from '../i18n/use-t';

export interface Crumb {
  label: string;
  /** English-form path; without one, the step is the current screen. */
  to?: string;
  /** Where the link goes as it is (already localized, with its query): a list with its filter, say. */
  href?: string;
}

const cut = { maxWidth: { xs: 160, sm: 320 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
/** On a phone a step's link is 44 px high for a finger (10 px above and below its line), the trail's own height unchanged. */
const touchTarget = { py: { xs: 1.25, sm: 0 }, my: { xs: -1.25, sm: 0 } } as const;

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useT();
  const { localize } = useLocale();
  return (
    <MuiBreadcrumbs aria-label={t('breadcrumbs')} sx={{ mb: 1, '& .MuiBreadcrumbs-ol': { rowGap: 0.5 } }}>
      {items.map((c, i) => {
        const last = i === items.length - 1;
        const to = c.href ?? (c.to === undefined ? undefined : localize(c.to));
        if (last || to === undefined) {
          return (
            <Typography key={c.label} color="textPrimary" aria-current={last ? 'page' : undefined} sx={cut} title={c.label}>
              {c.label}
            </Typography>
          );
        }
        return (
          <Link
            key={c.label}
            component={RouterLink}
            to={to}
            underline="hover"
            color="inherit"
            sx={{ ...cut, ...touchTarget, display: 'block' }}
          >
            {c.label}
          </Link>
        );
      })}
    </MuiBreadcrumbs>
  );
}
