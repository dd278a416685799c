/**
 * Bulk user imports from CSV (docs/product.md, "User imports" and "CSV format").
 * The CSV rules live here so that the server, the web app and the template agree.
 */
import { z } from 'zod';
import { dashboardCalls } from './dashboard-calls.js';
import { pageQuery } from './paging.js';
import { route } from './route.js';
import { text } from './text.js';
import { USER_IMPORT_STATUSES } from './user-import-statuses.js';

export { isRetryable, USER_IMPORT_STATUSES } from './user-import-statuses.js';
export const userImportStatus = z.enum(USER_IMPORT_STATUSES);
export type UserImportStatus = z.infer<typeof userImportStatus>;

/** Where a running import is; `done` once it has a final status. */
export const USER_IMPORT_PHASES = ['queued', 'staging', 'validating', 'applying', 'retrying', 'done'] as const;
export type UserImportPhase = (typeof USER_IMPORT_PHASES)[number];

export const DEFAULT_COLUMN_SEPARATOR = ',';
/**
 * The column separator's choice that reads it from the file (decision 066): what an upload
 * that names none gets, in the console and in the external API.
 */
export const DETECT_COLUMN_SEPARATOR = 'detect';
/** The separators detection chooses among, in the order it prefers on a tie. */
export const DETECTABLE_SEPARATORS = [',', ';', '\t', '|'] as const;
/** Separates the names in the workspaces, teams and skills cells (quoted in a file whose columns it separates). */
export const IMPORT_LIST_SEPARATOR = '|';
/** Characters that cannot separate columns: quotes, line ends and space. */
const FORBIDDEN_SEPARATORS = ['"', '\r', '\n', ' '];
export const IMPORT_FILE_EXTENSION = '.csv';
/** A longer row is a format error: no real user row comes near it. */
export const IMPORT_MAX_ROW_CHARS = 65_536;
export const IMPORT_NAME_MAX = 75;
export const IMPORT_EMAIL_MAX = 254;
export const IMPORT_EMPLOYEE_ID_MAX = 100;

/**
 * What an e-mail must look like. Written so that JavaScript and PostgreSQL regular
 * expressions read it the same way: the server validates staged rows with it in SQL.
 */
export const IMPORT_EMAIL_PATTERN = "^[A-Za-z0-9_'+-]+(\\.[A-Za-z0-9_'+-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z]{2,}$";

/** The columns of the file (header names compare without case; any order). */
export const USER_IMPORT_COLUMNS = [
  'email',
  'employeeId',
  'name',
  'firstName',
  'lastName',
  'role',
  'workspaces',
  'teams',
  'skills',
  'disabled',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** Roles a row may give; empty means viewer for a new user and no change for an existing one. */
export const IMPORT_ROLES = ['org_admin', 'workspace_admin', 'publisher', 'viewer'] as const;
export const IMPORT_DISABLED_VALUES = { true: ['true', 'yes', '1'], false: ['false', 'no', '0'] } as const;

export const columnSeparator = text()
  .length(1, 'columnSeparator')
  .refine((s) => !FORBIDDEN_SEPARATORS.includes(s), 'columnSeparator')
  .describe('One character between columns');

/** The separator an upload asks for: one character, or `detect` (what an upload that names none gets). */
export const columnSeparatorChoice = z
  .union([z.literal(DETECT_COLUMN_SEPARATOR), columnSeparator])
  .describe(
    'One character between columns, or "detect". Without it (or with "detect"), the separator is read from the file: ' +
      'of comma, semicolon, tab and |, the one that splits the header into known column names with the same number of ' +
      'columns on the first lines (quoted fields respected); a file of one column is read with a comma.',
  );

const flag = (describe: string, fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1')
    .default(fallback)
    // Said in words: the transform keeps the default out of the generated JSON schema.
    .describe(`${describe}. Default: ${fallback}.`);

/** The import options (docs/product.md, "User imports"): what an import may do beyond creating and updating users. */
export const userImportOptions = z.object({
  assignSkills: flag('Assign the skills of the skills column', true),
  assignTeams: flag('Assign the teams of the teams column', true),
  assignWorkspaces: flag('Assign the workspaces of the workspaces column', true),
  createEmployeeIdUsers: flag('Create users that have an employee ID and no e-mail', true),
  disableUsers: flag('Apply the disabled column (true disables, false enables)', false),
  sendInvitations: flag(
    'Send each new user with an e-mail an invitation e-mail (valid 14 days) to choose a password; false creates them without one',
    true,
  ),
});
export type UserImportOptions = z.infer<typeof userImportOptions>;
/** The options as the API answers them. */
export const userImportOptionsView = z.object({
  assignSkills: z.boolean(),
  assignTeams: z.boolean(),
  assignWorkspaces: z.boolean(),
  createEmployeeIdUsers: z.boolean(),
  disableUsers: z.boolean(),
  sendInvitations: z.boolean(),
});
export const USER_IMPORT_OPTION_KEYS = Object.keys(userImportOptions.shape) as (keyof UserImportOptions)[];

/**
 * Above this many rows the admin may choose, when uploading, to apply the import without
 * waiting at its summary (a file this large is often a scheduled or repeated one); a smaller
 * import always waits for the admin's confirmation in the console.
 */
export const USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS = 10_000;

/** The text fields of the multipart upload (the file is the part named `file`). */
export const createUserImportFields = userImportOptions.extend({
  columnSeparator: columnSeparatorChoice.optional(),
  // No default here: the console's upload waits for confirmation by default, the external API's does not.
  applyWithoutConfirmation: z
    .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1')
    .optional()
    .describe(
      'true applies the import as soon as it is validated; false stops it at its summary (status awaiting_confirmation) ' +
        'until an Organizational Admin confirms it in the console. Default for the external API: true (unattended runs). ' +
        `In the console it is honoured only for files over ${USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS} rows; smaller ones always wait.`,
    ),
});

/**
 * The encodings an import file is read in (decision 050): UTF-8 with or without a byte order
 * mark, UTF-16 with its mark, else Windows-1252 (which reads ISO-8859-1's text alike).
 */
export const FILE_ENCODINGS = ['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number];

/** What a file that is not text is, by its first bytes: a spreadsheet or archive, else anything else. */
export type NotTextKind = 'workbook' | 'binary';

const startsWithBytes = (head: Uint8Array, signature: readonly number[]) => signature.every((b, i) => head[i] === b);
/** Excel's .xlsx (and .ods, .docx: zip) and the older .xls (and .doc: OLE compound files). */
const WORKBOOK_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
];
const BINARY_SIGNATURES = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
];
/** Bytes that no text file holds (text has tab, line ends and form feed among the controls). */
const NOT_TEXT_BYTE = (b: number) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c;
/** Bytes to read from a file's start to tell whether it is text. */
export const TEXT_SNIFF_BYTES = 512;

/**
 * Whether a file's first bytes (TEXT_SNIFF_BYTES of them, or the whole file when shorter)
 * say it is not text: a workbook or archive, a PDF or an image, or a control byte that no
 * text holds. UTF-16 (with its mark) is text: its NUL bytes are half its characters.
 * The server refuses such an upload; the web app tells before sending it.
 */
export function notTextKind(head: Uint8Array): NotTextKind | null {
  if (WORKBOOK_SIGNATURES.some((s) => startsWithBytes(head, s))) return 'workbook';
  if (BINARY_SIGNATURES.some((s) => startsWithBytes(head, s))) return 'binary';
  if (startsWithBytes(head, [0xff, 0xfe]) || startsWithBytes(head, [0xfe, 0xff])) return null;
  return head.some(NOT_TEXT_BYTE) ? 'binary' : null;
}

/** A few of the users a summary counts, to recognise them by. */
export const userImportSampleView = z.object({
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  name: z.string().nullable(),
});
export type UserImportSampleView = z.infer<typeof userImportSampleView>;
const summaryGroup = z.object({ count: z.number().int(), samples: z.array(userImportSampleView) });
/** Users a summary names per group, at most. */
export const USER_IMPORT_SUMMARY_SAMPLES = 3;

/** What a validated import will do once confirmed: computed when validation ends, nothing applied yet. */
export const userImportSummaryView = z.object({
  newUsers: summaryGroup.describe('Users the import will create'),
  updatedUsers: summaryGroup.describe('Existing users it will update'),
  disabledUsers: summaryGroup.describe('Existing users it will disable (the disabled column, with the Disable users option)'),
  invitations: summaryGroup.describe('Invitation e-mails it will send (new users with an e-mail, when chosen)'),
});
export type UserImportSummaryView = z.infer<typeof userImportSummaryView>;

export const userImportView = z.object({
  id: z.uuid(),
  filename: z.string(),
  status: userImportStatus,
  phase: z.enum(USER_IMPORT_PHASES),
  columnSeparator: z
    .string()
    .nullable()
    .describe('The separator the file is read with: the one chosen, or the one detected (null until the file is read when it is detected)'),
  columnSeparatorDetected: z.boolean().describe('Whether the separator is detected from the file (none was chosen)'),
  encoding: z
    .enum(FILE_ENCODINGS)
    .nullable()
    .describe('The encoding the file was read in (utf-8, utf-8-bom, utf-16le, utf-16be, windows-1252); null until the file is read'),
  options: userImportOptionsView,
  sizeBytes: z.number().int(),
  createDate: z.string().describe('ISO 8601'),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  rowsTotal: z.number().int().nullable().describe('Data rows in the file, once read whole'),
  rowsRead: z.number().int(),
  rowsApplied: z.number().int(),
  rowsWithErrors: z.number().int(),
  usersCreated: z.number().int(),
  usersUpdated: z.number().int(),
  usersFailed: z.number().int(),
  invitationsPending: z.number().int(),
  invitationsSent: z.number().int(),
  invitationsFailed: z.number().int(),
  invitationsSecondsLeft: z
    .number()
    .int()
    .nullable()
    .describe(
      'About how many seconds the invitations still owed (invitationsPending) take to go out at the set rate; null when none is owed',
    ),
  summary: userImportSummaryView
    .nullable()
    .describe('What the import will do, once validated and until it ends; null before (and for an import applied without waiting)'),
  applyWithoutConfirmation: z.boolean().describe('Whether it was asked to apply without waiting for a confirmation'),
  confirmedAt: z.string().nullable().describe('ISO 8601: when the admin confirmed it'),
});
export type UserImportView = z.infer<typeof userImportView>;

export const listUserImportsQuery = pageQuery;
export const userImportsResponse = z.object({ userImports: z.array(userImportView), total: z.number().int() });
export const userImportResponse = z.object({ userImport: userImportView });
export const userImportIdParams = z.object({ id: z.uuid() });

export const userImportErrorView = z.object({
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  rows: z
    .array(z.number().int())
    .describe('Line numbers in the file, as a text editor counts them (a cell over several lines counts each); the header is line 1'),
  code: z.string(),
  error: z.string().describe('English text; the web app translates code'),
  value: z.string().nullable().describe('The offending value, when there is one'),
});
export type UserImportErrorView = z.infer<typeof userImportErrorView>;

export const userImportErrorsQuery = pageQuery.extend({
  email: text().trim().max(IMPORT_EMAIL_MAX).optional().describe('Only errors whose e-mail contains this text (any case)'),
});
export const userImportErrorsResponse = z.object({ errors: z.array(userImportErrorView), total: z.number().int() });

export const userImportTemplateQuery = z.object({ columnSeparator: columnSeparator.default(DEFAULT_COLUMN_SEPARATOR) });
export const removedUserImportResponse = z.object({ removed: z.literal(true) });
/** The options the organization's next upload starts from: its last import's (docs/product.md, "Uploading"). */
export const userImportDefaultsResponse = z.object({
  options: userImportOptionsView,
  columnSeparator: z.string().describe('The separator choice of the last upload: one character, or "detect" (the default)'),
});

const tags = ['User imports'];

/**
 * The user-import calls of an Organizational Admin (docs/product.md, "Calls"). The upload
 * is multipart/form-data (the file streams), so it has no JSON body here; the template and
 * the errors as CSV answer files, so they have no `response`.
 */
export const userImportRoutes = {
  list: route({
    ...dashboardCalls.userImports,
    tags,
    query: listUserImportsQuery,
    response: userImportsResponse,
  }),
  create: route({
    method: 'POST',
    path: '/user-imports',
    operationId: 'createUserImport',
    tags,
    description:
      'multipart/form-data: `file` (a .csv), `columnSeparator` (one character, or "detect", the default: read from the file), and the options ' +
      'assignSkills, assignTeams, assignWorkspaces, createEmployeeIdUsers, disableUsers, sendInvitations ("true" or "false").',
    response: userImportResponse,
    status: 201,
  }),
  defaults: route({
    method: 'GET',
    path: '/user-imports/defaults',
    operationId: 'getUserImportDefaults',
    tags,
    description: "The options of the organization's last import (the defaults when it has none): the upload form starts from them.",
    response: userImportDefaultsResponse,
  }),
  template: route({
    method: 'GET',
    path: '/user-imports/template',
    operationId: 'getUserImportTemplate',
    tags,
    query: userImportTemplateQuery,
  }),
  get: route({
    method: 'GET',
    path: '/user-import/:id',
    operationId: 'getUserImport',
    tags,
    params: userImportIdParams,
    response: userImportResponse,
  }),
  errors: route({
    method: 'GET',
    path: '/user-import/:id/errors',
    operationId: 'listUserImportErrors',
    tags,
    params: userImportIdParams,
    query: userImportErrorsQuery,
    response: userImportErrorsResponse,
  }),
  errorsCsv: route({
    method: 'GET',
    path: '/user-import/:id/errors.csv',
    operationId: 'downloadUserImportErrors',
    tags,
    params: userImportIdParams,
  }),
  remove: route({
    method: 'DELETE',
    path: '/user-import/:id',
    operationId: 'deleteUserImport',
    tags,
    params: userImportIdParams,
    response: removedUserImportResponse,
  }),
  retry: route({
    method: 'PUT',
    path: '/user-import/:id/retry',
    operationId: 'retryUserImport',
    tags,
    params: userImportIdParams,
    response: userImportResponse,
  }),
  confirm: route({
    method: 'PUT',
    path: '/user-import/:id/confirm',
    operationId: 'confirmUserImport',
    tags,
    description: 'Applies an import that waits at its summary (status awaiting_confirmation). Cancelling is DELETE user-import/{id}.',
    params: userImportIdParams,
    response: userImportResponse,
  }),
  stop: route({
    method: 'PUT',
    path: '/user-import/:id/stop',
    operationId: 'stopUserImport',
    tags,
    description: 'Stops a running import between two batches: it ends as stopped, with the counts of what it applied (those users stay).',
    params: userImportIdParams,
    response: userImportResponse,
  }),
};

/** Error codes of the request (4xx) and of an import's rows. */
export const userImportRequestErrors = {
  fileRequired: 'USER_IMPORT_FILE_REQUIRED',
  badFormat: 'USER_IMPORT_BAD_FORMAT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  notRetryable: 'USER_IMPORT_NOT_RETRYABLE',
  needsNewFile: 'USER_IMPORT_NEEDS_NEW_FILE',
  notText: 'USER_IMPORT_NOT_TEXT',
  notAwaitingConfirmation: 'USER_IMPORT_NOT_AWAITING_CONFIRMATION',
  notRunning: 'USER_IMPORT_NOT_RUNNING',
} as const;

/** The English text of a refused upload that is not text, by what it is (the web app translates the code and kind). */
export const notTextMessages: Record<NotTextKind, string> = {
  workbook:
    'This is a spreadsheet workbook (or a zip file), not a CSV file. In your spreadsheet, choose File > Save As > CSV, then upload that file.',
  binary:
    'This file is not text (a PDF or an image, say), so it cannot be read as CSV. In your spreadsheet, choose File > Save As > CSV, then upload that file.',
};

/** Every error an import can record, with its English text. */
export const userImportErrorMessages = {
  // The file as a whole
  EMPTY_FILE: 'The file is empty.',
  NO_ROWS: 'The file has a header row but no user rows.',
  MISSING_COLUMN: 'A required column is missing.',
  UNKNOWN_COLUMN: 'The header has a column that is not known.',
  DUPLICATE_COLUMN: 'The header names a column twice.',
  WRONG_SEPARATOR: 'The header has a single column: the column separator does not match the file.',
  INVALID_ENCODING:
    'The file mixes encodings: it reads as UTF-8 up to this row, which has a byte that is not. Save the file again as CSV UTF-8 and upload it.',
  NOT_TEXT:
    'The file is not text (it holds a NUL or another control byte). Save your list as CSV from your spreadsheet and upload that file.',
  INVALID_CSV: 'The CSV format is broken on this line.',
  UNCLOSED_QUOTE: 'A quote opened on this line is never closed: the rest of the file would be one cell. Close it, or remove it.',
  INVALID_QUOTE: 'A quoted cell has text after its closing quote. Double a quote inside a quoted cell ("").',
  QUOTE_IN_CELL: 'An unquoted cell holds a quote. Quote the whole cell and double the quote inside it ("").',
  ROW_TOO_LONG: `A row is longer than ${IMPORT_MAX_ROW_CHARS} characters.`,
  // One row
  FIELD_COUNT: 'The row does not have as many fields as the header.',
  MISSING_IDENTIFIER: 'The row has neither an e-mail nor an employee ID.',
  INVALID_EMAIL: 'The e-mail is not valid.',
  DUPLICATE_EMAIL: 'The e-mail appears in more than one row.',
  DUPLICATE_EMPLOYEE_ID: 'The employee ID appears in more than one row.',
  EMAIL_IN_OTHER_ORGANIZATION: 'The e-mail belongs to a user of another organization.',
  STAFF_EMAIL: "The e-mail is of the provider's staff domain: it cannot belong to a user of an organization.",
  // Alike whether the file's new addresses are free or taken: past the day's checks it must not tell (decision 020).
  EMAIL_CHECKS_LIMIT:
    "Your organization has checked too many e-mail addresses of other organizations today, so the new addresses of this file cannot be checked. Remove the e-mails that are not yet your organization's, or try again tomorrow.",
  EMPLOYEE_ID_TAKEN: 'The employee ID belongs to another user.',
  EMPLOYEE_ID_TOO_LONG: `The employee ID is longer than ${IMPORT_EMPLOYEE_ID_MAX} characters.`,
  EMPLOYEE_ID_ROLE: 'A user with an employee ID and no e-mail can only be a viewer.',
  EMPLOYEE_ID_USERS_OFF: "'Create users with employee ID' is off and no user has this employee ID.",
  INVALID_ROLE: 'The role is not one of org_admin, workspace_admin, publisher, viewer.',
  NAME_REQUIRED: 'A new user needs a name.',
  NAME_TOO_LONG: `The name is longer than ${IMPORT_NAME_MAX} characters.`,
  NAME_CHARACTER: 'The name holds a control character, a line break or a text-direction mark.',
  INVALID_DISABLED: 'disabled must be true or false.',
  DISABLE_USERS_OFF: "The disabled column needs the 'Disable users' option.",
  WORKSPACES_OFF: "The workspaces column needs the 'Assign workspaces' option.",
  TEAMS_OFF: "The teams column needs the 'Assign teams' option.",
  SKILLS_OFF: "The skills column needs the 'Assign skills' option.",
  UNKNOWN_WORKSPACE: 'No workspace of the organization has this name.',
  UNKNOWN_TEAM: 'No team of the organization has this name.',
  UNKNOWN_SKILL: 'No skill of the organization has this name.',
  OWN_ACCOUNT: 'An import cannot change the role of, or disable, the admin who uploads it.',
  // Applying
  APPLY_FAILED: 'The user could not be created or updated.',
  INVITATION_FAILED: 'The invitation e-mail could not be sent.',
  IMPORT_FAILED: 'The import stopped on an unexpected failure. Retry it.',
  ORGANIZATION_DISABLED: 'The organization was disabled: the import stopped and creates, changes or invites no more users.',
} as const;
export type UserImportErrorCode = keyof typeof userImportErrorMessages;

/** The columns of the template, in its order (firstName and lastName are the alternative to name). */
export const USER_IMPORT_TEMPLATE_COLUMNS = [
  'email',
  'employeeId',
  'name',
  'role',
  'workspaces',
  'teams',
  'skills',
  'disabled',
] as const satisfies readonly UserImportColumn[];

/** What the template's example rows name: made by the server from the organization's own data (decision 021). */
export interface UserImportTemplateExample {
  /** An e-mail on a reserved domain (never delivered) that no other organization's user has. */
  email: string;
  /** An employee ID no user of the organization has. */
  employeeId: string;
  /** Names of the organization's workspaces, teams and skills (each may be empty). */
  workspaces: readonly string[];
  teams: readonly string[];
  skills: readonly string[];
}

/** Whether a name can stand in a template cell unchanged: read back by the importer, and never a spreadsheet formula. */
export function isTemplateName(name: string): boolean {
  return name.trim() === name && name !== '' && !name.includes(IMPORT_LIST_SEPARATOR) && !/^[=+\-@\t\r]/.test(name);
}

/** An RFC 4180 cell in this separator: quoted when it holds the separator, a quote or a line end. */
function templateCell(value: string, separator: string): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The downloadable template: the header and two example rows that import as they are into
 * the organization they were made for (with the default options): a publisher with an
 * e-mail, in every workspace, team and skill given, and a viewer known by employee ID only.
 */
export function userImportTemplate(example: UserImportTemplateExample, separator = DEFAULT_COLUMN_SEPARATOR): string {
  const list = (names: readonly string[]) => names.join(IMPORT_LIST_SEPARATOR);
  const rows: string[][] = [
    [...USER_IMPORT_TEMPLATE_COLUMNS],
    [example.email, '', 'Ada Lovelace', 'publisher', list(example.workspaces), list(example.teams), list(example.skills), 'false'],
    ['', example.employeeId, 'Grace Hopper', 'viewer', example.workspaces[0] ?? '', '', '', ''],
  ];
  return `${rows.map((r) => r.map((cell) => templateCell(cell, separator)).join(separator)).join('\r\n')}\r\n`;
}
