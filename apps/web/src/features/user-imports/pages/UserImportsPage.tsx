/** /user-imports: upload a CSV of users, and follow, inspect, retry or remove the imports. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/page-title';
import { ImportList } from '../components/ImportList';
import { UploadForm } from '../components/UploadForm';

export function Component() {
  const { t } = useT();
  usePageTitle(t('titles.userImports'));
  return (
    <Stack spacing={3}>
      <div>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
          {t('titles.userImports')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('userImports:intro')}
        </Typography>
      </div>
      <Card variant="outlined">
        <CardHeader title={t('userImports:upload.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          <UploadForm />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title={t('userImports:list.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
          <ImportList />
        </CardContent>
      </Card>
    </Stack>
  );
}
