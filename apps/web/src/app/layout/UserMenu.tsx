/**
 * The right menu. Signed in: name and e-mail, language, logout. Signed out: language and
 * help. The button is always here; the menu's code loads when the pointer or the focus
 * reaches the button, or at the first click.
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { withChunkReload } from '../../lib/chunk-reload';
import { prefetch } from '../../lib/prefetch';
import { HelpDialog } from './HelpDialog';

const loadPopup = withChunkReload(() => import('./UserMenuPopup'));
const UserMenuPopup = lazy(loadPopup);

export function UserMenu({ signedIn }: { signedIn: boolean }) {
  const { t } = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const [help, setHelp] = useState(false);
  const menuId = useId();

  return (
    <>
      <IconButton
        aria-label={t('topBar.userMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onPointerEnter={() => prefetch(loadPopup)}
        onFocus={() => prefetch(loadPopup)}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        edge="end"
      >
        <AccountCircleIcon fontSize="large" color={signedIn ? 'primary' : 'action'} />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <UserMenuPopup id={menuId} anchor={anchor} signedIn={signedIn} onClose={() => setAnchor(null)} onHelp={() => setHelp(true)} />
        </Suspense>
      )}
      <HelpDialog open={help} onClose={() => setHelp(false)} />
    </>
  );
}
