import type { UserImportView } from '@console/contracts/user-imports';
import { useT } from '../../../i18n/use-t';

/**
 * The usual separators by the names the upload form's list gives them ("Semicolon (;)"): a bare
 * ";" before ", detected from the file" reads as a stray mark.
 */
const NAMED_SEPARATORS: Record<string, 'upload.separatorComma' | 'upload.separatorSemicolon' | 'upload.separatorPipe' | 'details.tab'> = {
  ',': 'upload.separatorComma',
  ';': 'upload.separatorSemicolon',
  '|': 'upload.separatorPipe',
  '\t': 'details.tab',
};

/** The separator the file is read with, and whether it was detected (not known until the file is read). */
export function SeparatorText({ userImport: u }: { userImport: UserImportView }) {
  const { t } = useT();
  if (u.columnSeparator === null) return <>{t('userImports:details.separatorDetecting')}</>;
  const named = Object.hasOwn(NAMED_SEPARATORS, u.columnSeparator) ? NAMED_SEPARATORS[u.columnSeparator] : undefined;
  const shown = named ? t(`userImports:${named}`) : <code>{u.columnSeparator}</code>;
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
