/** The blue bar at the very top while a navigation loads its data or its page. */
import LinearProgress from '@mui/material/LinearProgress';
import { useNavigation } from 'react-router';
import { useT } from '../../i18n/use-t';

export function NavigationProgress() {
  const { state } = useNavigation();
  const { t } = useT();
  if (state === 'idle') return null;
  return (
    <LinearProgress
      color="primary"
      aria-label={t('progress.loading')}
      data-testid="navigation-progress"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1, height: 3 }}
    />
  );
}
