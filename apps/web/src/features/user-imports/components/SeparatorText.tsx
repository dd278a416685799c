import type { UserImportView } from '@console/contracts/user-imports';
import { useT } from '../../../i18n/use-t';

/** The separator the file is read with, and whether it was detected (not known until the file is read). */
export function SeparatorText({ userImport: u }: { userImport: UserImportView }) {
  const { t } = useT();
  if (u.columnSeparator === null) return <>{t('userImports:details.separatorDetecting')}</>;
  const shown = <code>{u.columnSeparator === '\t' ? t('userImports:details.tab') : u.columnSeparator}</code>;
  if (!u.columnSeparatorDetected) return shown;
  const [before, after] = t('userImports:details.separatorDetected', { separator: '\u0000' }).split('\u0000');
  return (
    <span data-separator-detected>
      {before}
      {shown}
      {after}
    </span>
  );
}
