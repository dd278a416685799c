/** Copy to the clipboard with the green notice for 1500 ms (docs/product.md, "Messages"). */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import { useT } from '../i18n/use-t';
import { COPY_NOTICE_MS, notify } from './notify';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Plain-HTTP installations have no Clipboard API: fall back to a selected textarea.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function useCopy() {
  const { t } = useT();
  return async (text: string): Promise<boolean> => {
    try {
      await writeClipboard(text);
      notify.success(t('copy.copied'), { autoHideDuration: COPY_NOTICE_MS });
      return true;
    } catch {
      notify.error(t('copy.failed'));
      return false;
    }
  };
}

/** An icon button that copies `value`; `label` names what is copied for screen readers; `onCopied` once it is on the clipboard. */
export function CopyButton({ value, label, onCopied }: { value: string; label?: string; onCopied?: () => void }) {
  const { t } = useT();
  const copy = useCopy();
  const name = label ?? t('copy.action');
  return (
    <IconButton
      aria-label={name}
      title={name}
      size="small"
      onClick={async () => {
        if ((await copy(value)) && onCopied) onCopied();
      }}
    >
      <ContentCopyIcon fontSize="small" />
    </IconButton>
  );
}
