/**
 * The upload form: a .csv file (required: 'You need to specify the file' and the red
 * 'no file detected' banner), the column separator (exactly one character, default ','),
 * the import options of spec section 2, and the template to start from.
 */
import {
  DEFAULT_COLUMN_SEPARATOR,
  IMPORT_FILE_EXTENSION,
  USER_IMPORT_OPTION_KEYS,
  type UserImportOptions,
  userImportOptions,
} from '@console/contracts/user-imports';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCreateUserImport } from '../api/create-user-import';
import { userImportTemplateUrl } from '../api/download-links';

/** How long the bad-format notice stays (spec section 9). */
export const BAD_FILE_NOTICE_MS = 4500;

const isCsv = (name: string) => name.toLowerCase().endsWith(IMPORT_FILE_EXTENSION);
const defaultOptions = (): UserImportOptions => userImportOptions.parse({});

export function UploadForm() {
  const { t } = useT();
  const create = useCreateUserImport();
  const input = useRef<HTMLInputElement>(null);
  const fileHelpId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const [separator, setSeparator] = useState(DEFAULT_COLUMN_SEPARATOR);
  const [options, setOptions] = useState<UserImportOptions>(defaultOptions);
  const separatorError = separator.length !== 1 ? t('userImports:upload.separatorRule') : undefined;

  function pick(chosen: File | undefined) {
    if (!chosen) return;
    if (!isCsv(chosen.name)) {
      notify.error(t('userImports:upload.badFormat'), { autoHideDuration: BAD_FILE_NOTICE_MS });
      if (input.current) input.current.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
    setFileMissing(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileMissing(true);
      return;
    }
    if (separatorError) return;
    try {
      await create.mutateAsync({ file, columnSeparator: separator, options });
      notify.success(t('userImports:upload.started', { name: file.name }));
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (err) {
      notify.error(errorMessage(err, 'userImports:upload.failed'));
    }
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('userImports:upload.title')}>
      {fileMissing && (
        <Alert severity="error" variant="filled" role="alert">
          {t('userImports:upload.noFileDetected')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
          {t('userImports:upload.chooseFile')}
          <input
            ref={input}
            hidden
            type="file"
            name="file"
            accept={`${IMPORT_FILE_EXTENSION},text/csv`}
            aria-describedby={fileHelpId}
            data-testid="user-import-file"
            onChange={(e) => pick(e.target.files?.[0])}
          />
        </Button>
        <Typography sx={{ overflowWrap: 'anywhere' }} color={file ? 'text.primary' : 'text.secondary'}>
          {file ? file.name : t('userImports:upload.noFile')}
        </Typography>
      </Stack>
      <FormHelperText id={fileHelpId} error={fileMissing} sx={{ mt: '0 !important' }}>
        {fileMissing ? t('userImports:upload.fileRequired') : t('userImports:upload.fileHint')}
      </FormHelperText>
      <TextField
        label={t('userImports:upload.separator')}
        value={separator}
        onChange={(e) => setSeparator(e.target.value.slice(0, 1))}
        error={!!separatorError}
        helperText={separatorError ?? t('userImports:upload.separatorHint')}
        slotProps={{ htmlInput: { maxLength: 1, 'aria-required': true } }}
        sx={{ maxWidth: 260 }}
      />
      <FormGroup aria-label={t('userImports:options.title')}>
        <Typography variant="subtitle2" component="p">
          {t('userImports:options.title')}
        </Typography>
        {USER_IMPORT_OPTION_KEYS.map((key) => (
          <FormControlLabel
            key={key}
            control={<Checkbox checked={options[key]} onChange={(e) => setOptions((o) => ({ ...o, [key]: e.target.checked }))} />}
            label={t(`userImports:options.${key}`)}
          />
        ))}
      </FormGroup>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('userImports:upload.submit')}
        </Button>
        <Button
          component="a"
          href={userImportTemplateUrl(separator.length === 1 ? separator : DEFAULT_COLUMN_SEPARATOR)}
          download
          startIcon={<DownloadIcon />}
        >
          {t('userImports:upload.template')}
        </Button>
      </Stack>
    </Stack>
  );
}
