/** /user-imports: upload a CSV of users, and follow, inspect, retry or remove the imports. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { PageHeader } from '../../../lib/PageHeader';
import { ImportList } from '../components/ImportList';
import { UploadForm } from '../components/UploadForm';

export function Component() {
  const { t } = useT();
  // The import just uploaded: the list brings it into view once it has it.
  const [uploaded, setUploaded] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('titles.userImports')} intro={t('userImports:intro')} />
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardHeader title={t('userImports:upload.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <CardContent sx={{ pt: 0 }}>
            <UploadForm onUploaded={(u) => setUploaded(u.id)} />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader title={t('userImports:list.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
            <ImportList reveal={uploaded} onRevealed={() => setUploaded(null)} />
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
