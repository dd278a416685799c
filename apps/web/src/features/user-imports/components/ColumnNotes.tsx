/**
 * A note of each column of the template, in the user's language. Beside the form rather
 * than in the file (decision 021): the file stays a plain CSV that imports as it is.
 */
import { USER_IMPORT_TEMPLATE_COLUMNS } from '@console/contracts/user-imports';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';

export function ColumnNotes() {
  const { t } = useT();
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2" component="span">
          {t('userImports:upload.columnsTitle')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('userImports:upload.columnsIntro')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1 },
          }}
        >
          {USER_IMPORT_TEMPLATE_COLUMNS.map((column) => (
            <Box key={column} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
                {column}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {t(`userImports:columns.${column}`)}
              </Typography>
            </Box>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
