/**
 * The upload form: a .csv file (required: 'You need to specify the file' and the red
 * 'no file detected' banner), the column separator (read from the file by default, else a
 * common one or any other character; the last choice is remembered, decision 066),
 * the import options (docs/product.md, "User imports"), whether new users get an invitation
 * e-mail (said before the upload, on by default), for a file of more than
 * USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS rows whether it applies without waiting at its
 * summary (decision 048; the server counts again), and the template to start from with a
 * note of each of its columns.
 */
import {
  DEFAULT_COLUMN_SEPARATOR,
  DETECT_COLUMN_SEPARATOR,
  IMPORT_FILE_EXTENSION,
  type NotTextKind,
  notTextKind,
  TEXT_SNIFF_BYTES,
  USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS,
  USER_IMPORT_OPTION_KEYS,
  type UserImportOptions,
  type UserImportView,
  userImportOptions,
  userImportRequestErrors,
} from '@console/contracts/user-imports';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { isHttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useCreateUserImport, userImportTemplateHref, useUserImportDefaults } from '../api/user-imports';
import { ColumnNotes } from './ColumnNotes';

/** How long the bad-format notice stays (docs/product.md, "User imports"). */
export const BAD_FILE_NOTICE_MS = 4500;

const isCsv = (name: string) => name.toLowerCase().endsWith(IMPORT_FILE_EXTENSION);

/** What a chosen file is, by its first bytes (the server checks them again). */
async function sniff(file: File): Promise<NotTextKind | null> {
  return notTextKind(new Uint8Array(await file.slice(0, TEXT_SNIFF_BYTES).arrayBuffer()));
}

const NEWLINE = 0x0a;
/** Read a few MB at a time: a large file is never held whole. */
const COUNT_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * About how many rows a file has, its header aside: its lines. A quoted field with a line
 * break counts one more; the server's count decides, this only chooses what to offer.
 */
export async function countRows(file: Blob): Promise<number> {
  let lines = 0;
  let last = NEWLINE;
  for (let at = 0; at < file.size; at += COUNT_CHUNK_BYTES) {
    const bytes = new Uint8Array(await file.slice(at, at + COUNT_CHUNK_BYTES).arrayBuffer());
    for (const byte of bytes) if (byte === NEWLINE) lines++;
    if (bytes.length > 0) last = bytes[bytes.length - 1];
  }
  if (last !== NEWLINE) lines++;
  return Math.max(0, lines - 1);
}

/** The one message for a file that cannot be imported: what it is and what to do; null when it can. */
function refusal(name: string, kind: NotTextKind | null) {
  if (kind) return `userImports:upload.notText.${kind}` as const;
  return isCsv(name) ? null : ('userImports:upload.badFormat' as const);
}

/** The kind of file the server refused as not text, when it said. */
function refusedKind(err: unknown): NotTextKind | undefined {
  if (!isHttpError(err) || err.code !== userImportRequestErrors.notText) return undefined;
  const kind = (err.details as { kind?: unknown } | undefined)?.kind;
  return kind === 'workbook' || kind === 'binary' ? kind : 'binary';
}

/** The choices of the separator's list; `other` shows a field for any one character. */
const SEPARATOR_CHOICES = [
  [DETECT_COLUMN_SEPARATOR, 'separatorDetect'],
  [',', 'separatorComma'],
  [';', 'separatorSemicolon'],
  ['\t', 'separatorTab'],
  ['|', 'separatorPipe'],
  ['other', 'separatorOther'],
] as const;
type SeparatorChoice = (typeof SEPARATOR_CHOICES)[number][0];

/** The list's choice for a separator the server remembered. */
const choiceOf = (separator: string | undefined): SeparatorChoice => {
  if (typeof separator !== 'string' || separator.length === 0) return DETECT_COLUMN_SEPARATOR;
  return SEPARATOR_CHOICES.some(([value]) => value === separator && value !== 'other') ? (separator as SeparatorChoice) : 'other';
};

interface Values {
  file: File | null;
  separatorChoice: SeparatorChoice;
  /** The character of the `other` choice. */
  columnSeparator: string;
  options: UserImportOptions;
  /** Offered only for a file of more than USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS rows. */
  applyWithoutConfirmation: boolean;
}

/** The options of the file's columns; the invitation choice has its own place, with what it means. */
const COLUMN_OPTION_KEYS = USER_IMPORT_OPTION_KEYS.filter((key) => key !== 'sendInvitations');

const defaultValues = (): Values => ({
  file: null,
  separatorChoice: DETECT_COLUMN_SEPARATOR,
  columnSeparator: '',
  options: userImportOptions.parse({}),
  applyWithoutConfirmation: false,
});

/** A choice with a line under it that says what it means (read with the checkbox). */
function CheckboxWithHint({
  field,
  label,
  hint,
}: {
  field: { value: boolean; onChange: (checked: boolean) => void; ref: Ref<HTMLInputElement> };
  label: string;
  hint: string;
}) {
  const hintId = useId();
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            checked={field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={hintId} sx={{ mt: 0, ml: 4 }}>
        {hint}
      </FormHelperText>
    </div>
  );
}

/** The separator's list (read from the file by default) and, for another character, its field. */
function SeparatorFields({ form, error }: { form: UseFormReturn<Values>; error?: string }) {
  const { t } = useT();
  const separatorChoice = useWatch({ control: form.control, name: 'separatorChoice' });
  const separatorError = error;
  const separatorField = form.register('columnSeparator', {
    validate: (value) => form.getValues('separatorChoice') !== 'other' || value.length === 1 || 'separatorRule',
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Controller
        name="separatorChoice"
        control={form.control}
        render={({ field }) => (
          <TextField
            select
            label={t('userImports:upload.separator')}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            inputRef={field.ref}
            helperText={t('userImports:upload.separatorHint')}
            sx={{ minWidth: { sm: 260 } }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'user-import-separator' } as object } }}
          >
            {SEPARATOR_CHOICES.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {t(`userImports:upload.${label}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {separatorChoice === 'other' && (
        <TextField
          {...separatorField}
          onChange={(e) => {
            // One character: what is typed replaces it.
            e.target.value = e.target.value.slice(0, 1);
            return separatorField.onChange(e);
          }}
          label={t('userImports:upload.separatorOtherLabel')}
          error={!!separatorError}
          helperText={separatorError ?? ' '}
          slotProps={{ htmlInput: { maxLength: 1, 'aria-required': true } }}
          sx={{ maxWidth: { sm: 200 } }}
        />
      )}
    </Stack>
  );
}

/** `onUploaded`: the import the server answered, so the page can bring it into view. */
export function UploadForm({ onUploaded }: { onUploaded?: (userImport: UserImportView) => void }) {
  const { t, i18n } = useT();
  const create = useCreateUserImport();
  const input = useRef<HTMLInputElement>(null);
  const fileHelpId = useId();
  const form = useForm<Values>({ defaultValues: defaultValues() });
  // The form starts from the organization's last upload's options (the invitation choice
  // above all), unless the admin has already changed something.
  const remembered = useUserImportDefaults();
  useEffect(() => {
    if (!remembered.data || form.formState.isDirty) return;
    const { options, columnSeparator } = remembered.data;
    const separatorChoice = choiceOf(columnSeparator);
    form.reset({
      ...form.getValues(),
      options,
      separatorChoice,
      columnSeparator: separatorChoice === 'other' ? columnSeparator : form.getValues('columnSeparator'),
    });
  }, [remembered.data, form]);
  const file = useWatch({ control: form.control, name: 'file' });
  const separatorChoice = useWatch({ control: form.control, name: 'separatorChoice' });
  const other = useWatch({ control: form.control, name: 'columnSeparator' });
  const separator = separatorChoice === 'other' ? other : separatorChoice;
  const sendInvitations = useWatch({ control: form.control, name: 'options.sendInvitations' });
  // The chosen file's rows, counted when it is chosen: a large one may skip its summary.
  const [rows, setRows] = useState<number | null>(null);
  const large = !!file && rows !== null && rows > USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS;
  const fileMissing = !!form.formState.errors.file;
  // Shown as soon as the separator is wrong, not only on submit.
  const separatorError = separatorChoice === 'other' && other.length !== 1 ? t('userImports:upload.separatorRule') : undefined;

  function clearInput() {
    if (input.current) input.current.value = '';
    setRows(null);
    form.setValue('applyWithoutConfirmation', false);
  }

  const submit = form.handleSubmit(
    async ({ file: chosen, separatorChoice: choice, columnSeparator: character, options, applyWithoutConfirmation }) => {
      if (!chosen) return;
      const columnSeparator = choice === 'other' ? character : choice;
      const unattended = large && applyWithoutConfirmation;
      try {
        const created = await create.mutateAsync({
          file: chosen,
          columnSeparator,
          options,
          ...(large ? { applyWithoutConfirmation } : {}),
        });
        notify.success(t(unattended ? 'userImports:upload.started' : 'userImports:upload.uploaded', { name: chosen.name }));
        // The separator and options stay for the next file.
        form.setValue('file', null);
        clearInput();
        onUploaded?.(created);
      } catch (err) {
        const kind = refusedKind(err);
        notify.error(kind ? t(`userImports:upload.notText.${kind}`) : errorMessage(err, 'userImports:upload.failed'));
      }
    },
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('userImports:upload.title')}>
      {fileMissing && (
        <Alert severity="error" variant="filled" role="alert">
          {t('userImports:upload.noFileDetected')}
        </Alert>
      )}
      <Controller
        name="file"
        control={form.control}
        rules={{ validate: (value) => !!value || 'fileRequired' }}
        render={({ field }) => (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
              {t('userImports:upload.chooseFile')}
              <input
                ref={input}
                hidden
                type="file"
                name={field.name}
                accept={`${IMPORT_FILE_EXTENSION},text/csv`}
                aria-describedby={fileHelpId}
                data-testid="user-import-file"
                onChange={async (e) => {
                  const chosen = e.target.files?.[0];
                  if (!chosen) return;
                  const refused = refusal(chosen.name, await sniff(chosen));
                  if (refused) {
                    // One message: the file is set aside without the "no file" banner and hint a
                    // re-validation of the emptied field would add after an earlier upload.
                    notify.error(t(refused), { autoHideDuration: BAD_FILE_NOTICE_MS });
                    clearInput();
                    form.setValue('file', null);
                    form.clearErrors('file');
                    return;
                  }
                  setRows(null);
                  field.onChange(chosen);
                  const counted = await countRows(chosen);
                  // Unless another file was chosen meanwhile.
                  if (form.getValues('file') === chosen) setRows(counted);
                }}
              />
            </Button>
            <Typography sx={{ overflowWrap: 'anywhere' }} color={file ? 'text.primary' : 'text.secondary'}>
              {file ? file.name : t('userImports:upload.noFile')}
            </Typography>
          </Stack>
        )}
      />
      <FormHelperText id={fileHelpId} error={fileMissing} sx={{ mt: '0 !important' }}>
        {fileMissing ? t('userImports:upload.fileRequired') : t('userImports:upload.fileHint')}
      </FormHelperText>
      <SeparatorFields form={form} error={separatorError} />
      <FormGroup aria-label={t('userImports:options.title')}>
        <Typography variant="subtitle2" component="p">
          {t('userImports:options.title')}
        </Typography>
        {COLUMN_OPTION_KEYS.map((key) => (
          <Controller
            key={key}
            name={`options.${key}`}
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
                label={t(`userImports:options.${key}`)}
              />
            )}
          />
        ))}
      </FormGroup>
      <Controller
        name="options.sendInvitations"
        control={form.control}
        render={({ field }) => (
          <CheckboxWithHint
            field={field}
            label={t('userImports:upload.invitations')}
            hint={sendInvitations ? t('userImports:upload.invitationsOn') : t('userImports:upload.invitationsOff')}
          />
        )}
      />
      {large && (
        <Controller
          name="applyWithoutConfirmation"
          control={form.control}
          render={({ field }) => (
            <CheckboxWithHint
              field={field}
              label={t('userImports:upload.applyWithoutConfirmation')}
              hint={t('userImports:upload.applyWithoutConfirmationHint', {
                n: USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS.toLocaleString(i18n.language),
              })}
            />
          )}
        />
      )}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('userImports:upload.submit')}
        </Button>
        <Button
          component="a"
          href={userImportTemplateHref(separator.length === 1 ? separator : DEFAULT_COLUMN_SEPARATOR)}
          download
          startIcon={<DownloadIcon />}
        >
          {t('userImports:upload.template')}
        </Button>
      </Stack>
      <ColumnNotes />
    </Stack>
  );
}
