/** Dashboard card: what the integration API needs, with links to the guide and to the interactive reference. */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { paths } from '../../lib/paths';
import { useDocumentationUrl } from './api/documentation';

export default function DocsCard() {
  const { t } = useT();
  const { localize } = useLocale();
  const reference = useDocumentationUrl();
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={t('documentation:card.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, flex: 1 }}>
        <Typography>{t('documentation:card.text')}</Typography>
      </CardContent>
      {/* Spaced by a gap, not by a margin before each button after the first: wrapped on a phone, the second starts under the first. */}
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={Link} to={localize(paths.documentation())}>
          {t('documentation:card.open')}
        </Button>
        {reference.data && (
          <Button href={reference.data} target="_blank" rel="noopener" endIcon={<OpenInNewIcon aria-hidden />}>
            {t('documentation:reference.open')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
