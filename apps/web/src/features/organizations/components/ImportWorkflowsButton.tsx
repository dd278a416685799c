/** "Import workflows" into this organization: staff with update, organizations that are not disabled. */
import type { OrganizationView } from '@console/contracts/organizations';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/permissions';

export function ImportWorkflowsButton({ organization: o }: { organization: OrganizationView }) {
  const { t } = useT();
  const { localize } = useLocale();
  const canUpdate = usePermissions().superChanges;
  if (!canUpdate || o.disabled) return null;
  return (
    <Button
      component={Link}
      to={localize(paths.newWorkflowImport(o.id))}
      variant="outlined"
      startIcon={<MoveDownIcon />}
      aria-label={t('workflowImports:openLabel', { name: o.name })}
    >
      {t('workflowImports:open')}
    </Button>
  );
}
