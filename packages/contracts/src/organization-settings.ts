/**
 * Per-organization settings (feature switches) of the Super area: console-spec sections 1-3,
 * 5 and 8, decision record 014. The one list of settings: the server validates changes
 * with it and the web screen draws its switches from it. A setting that was never changed
 * has its default (no row in organization_settings).
 */
import { z } from 'zod';
import { userImportStatus } from './user-imports.js';

/** The spec's groups, in the order the screen shows them. */
export const ORGANIZATION_SETTING_GROUPS = [
  'basic',
  'aiFeatures',
  'learningFeatures',
  'downloadOffline',
  'productFeatures',
  'customFeatures',
  'products',
] as const;
export type OrganizationSettingGroup = (typeof ORGANIZATION_SETTING_GROUPS)[number];

/** The kinds of setting: an on/off switch, or AI verification (a switch with two required models). */
export const ORGANIZATION_SETTING_TYPES = ['toggle', 'aiVerification'] as const;
export type OrganizationSettingType = (typeof ORGANIZATION_SETTING_TYPES)[number];

/** The models AI verification can use (GET organization/verificationModels). */
export const VERIFICATION_MODEL_KINDS = ['photo', 'video'] as const;
export type VerificationModelKind = (typeof VERIFICATION_MODEL_KINDS)[number];
export const verificationModel = z.object({ id: z.string(), name: z.string() });
export type VerificationModel = z.infer<typeof verificationModel>;
export const VERIFICATION_MODELS: Record<VerificationModelKind, VerificationModel[]> = {
  photo: [
    { id: 'photo-standard-v1', name: 'Photo Standard v1' },
    { id: 'photo-precision-v2', name: 'Photo Precision v2' },
  ],
  video: [
    { id: 'video-standard-v1', name: 'Video Standard v1' },
    { id: 'video-precision-v2', name: 'Video Precision v2' },
  ],
};
export const verificationModelsResponse = z.object({
  verificationModels: z.object({ photo: z.array(verificationModel), video: z.array(verificationModel) }),
});
export type VerificationModels = z.infer<typeof verificationModelsResponse>['verificationModels'];

export function isVerificationModel(kind: VerificationModelKind, id: string): boolean {
  return VERIFICATION_MODELS[kind].some((m) => m.id === id);
}

/** AI verification's value: on or off, and the photo and video models it uses. */
export const aiVerificationShape = z
  .object({
    enabled: z.boolean(),
    photoModel: z.string().nullable().describe('A photo model id of GET organization/verificationModels'),
    videoModel: z.string().nullable().describe('A video model id of GET organization/verificationModels'),
  })
  .strict();
export type AiVerificationValue = z.infer<typeof aiVerificationShape>;

/**
 * The rule of spec section 5: when AI verification is on, the photo model and the video
 * model are each required; a model that is set must be one of the catalogue's. Messages
 * are keys the web app translates.
 */
export const aiVerificationValue = aiVerificationShape.superRefine((v, ctx) => {
  for (const kind of VERIFICATION_MODEL_KINDS) {
    const model = v[`${kind}Model`];
    const path = [`${kind}Model`];
    if (model === null || model.trim() === '') {
      if (v.enabled) ctx.addIssue({ code: 'custom', path, message: 'required' });
    } else if (!isVerificationModel(kind, model)) ctx.addIssue({ code: 'custom', path, message: 'unknown' });
  }
});

export type OrganizationSettingValue = boolean | AiVerificationValue;

interface DefinitionBase<K extends string> {
  key: K;
  group: OrganizationSettingGroup;
}
export type OrganizationSettingDefinition =
  | (DefinitionBase<string> & { type: 'toggle'; default: boolean })
  | (DefinitionBase<string> & { type: 'aiVerification'; default: AiVerificationValue });

const toggle = <K extends string>(key: K, group: OrganizationSettingGroup) => ({ key, group, type: 'toggle' as const, default: false });

/** Every setting, by group, in the order of the screen. Every switch is off until staff turn it on. */
export const ORGANIZATION_SETTINGS = [
  toggle('textToSpeech', 'basic'),
  toggle('publicSharing', 'basic'),
  toggle('sharingExternalEmails', 'basic'),
  toggle('sharingExternalDomains', 'basic'),
  toggle('restrictedIp', 'basic'),
  /** Password sign-in refused for the organization's people (the auth module reads it). */
  toggle('ssoLoginOnly', 'basic'),
  toggle('employeeIdLogin', 'basic'),
  toggle('textSop', 'aiFeatures'),
  toggle('qaAi', 'aiFeatures'),
  toggle('aiSummary', 'aiFeatures'),
  {
    key: 'aiVerification' as const,
    group: 'aiFeatures' as const,
    type: 'aiVerification' as const,
    default: { enabled: false, photoModel: null, videoModel: null } as AiVerificationValue,
  },
  toggle('quiz', 'learningFeatures'),
  toggle('scorm', 'learningFeatures'),
  toggle('skillsManagement', 'learningFeatures'),
  toggle('tasksManagement', 'learningFeatures'),
  toggle('offlineViewingDisabled', 'downloadOffline'),
  toggle('smartVideoDownloads', 'downloadOffline'),
  toggle('rawDownloads', 'downloadOffline'),
  toggle('mediaVerification', 'productFeatures'),
  toggle('governance', 'productFeatures'),
  toggle('approvalWorkflows', 'productFeatures'),
  toggle('webhooksSharing', 'customFeatures'),
  toggle('samlSharing', 'customFeatures'),
  toggle('rusticiLms', 'customFeatures'),
  toggle('askMaven', 'products'),
  toggle('smartAssist', 'products'),
  toggle('dataHub', 'products'),
] satisfies OrganizationSettingDefinition[];

export type OrganizationSettingKey = (typeof ORGANIZATION_SETTINGS)[number]['key'];

/** The key of "SSO login only": password sign-in is refused while it is on. */
export const SSO_LOGIN_ONLY_SETTING = 'ssoLoginOnly' satisfies OrganizationSettingKey;
/** The key of "employee ID login". */
export const EMPLOYEE_ID_LOGIN_SETTING = 'employeeIdLogin' satisfies OrganizationSettingKey;
export const AI_VERIFICATION_SETTING = 'aiVerification' satisfies OrganizationSettingKey;

export function organizationSettingDefinition(key: string): OrganizationSettingDefinition | undefined {
  return (ORGANIZATION_SETTINGS as OrganizationSettingDefinition[]).find((d) => d.key === key);
}

/** The value schema of one kind of setting, with its rules (the server and the form use it). */
export function organizationSettingValueSchema(type: OrganizationSettingType): z.ZodType<OrganizationSettingValue> {
  return type === 'toggle' ? z.boolean() : aiVerificationValue;
}

const settingValue = z
  .union([z.boolean(), aiVerificationShape])
  .describe('A boolean, or for aiVerification { enabled, photoModel, videoModel }');

export const organizationSettingView = z.object({
  key: z.string(),
  group: z.enum(ORGANIZATION_SETTING_GROUPS),
  type: z.enum(ORGANIZATION_SETTING_TYPES),
  value: settingValue,
  isDefault: z.boolean().describe('true: never changed, the value is the default'),
  updatedAt: z.string().nullable().describe('ISO 8601; null while the default holds'),
  updatedBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable().describe('Who changed it last, when known'),
});
export type OrganizationSettingView = z.infer<typeof organizationSettingView>;

export const organizationSettingsResponse = z.object({ settings: z.array(organizationSettingView) });
export const organizationSettingParams = z.object({ id: z.uuid(), key: z.string().min(1).max(100) });
/** PUT organization/{id}/settings/{key}: the new value; its kind must be the setting's. */
export const organizationSettingBody = z.object({ value: settingValue });
export type OrganizationSettingBody = z.infer<typeof organizationSettingBody>;
export const organizationSettingResponse = z.object({ setting: organizationSettingView });

export const organizationSettingErrorCodes = {
  notFound: 'ORGANIZATION_SETTING_NOT_FOUND',
  invalid: 'ORGANIZATION_SETTING_INVALID',
  modelsRequired: 'VERIFICATION_MODELS_REQUIRED',
  modelUnknown: 'VERIFICATION_MODEL_UNKNOWN',
} as const;

/**
 * GET organization/{id}/importStatus (the spec's constants/importStatus part): how the
 * organization's imports stand: user imports by status (spec section 4's four values) with
 * the latest few, and the latest workflow imports into it with their items' counts.
 */
export const IMPORT_STATUS_LATEST = 5;
const count = z.number().int();
export const importStatusView = z.object({
  userImports: z.object({
    counts: z.object({ processing: count, error: count, validation_error: count, completed: count }),
    latest: z.array(
      z.object({
        id: z.uuid(),
        filename: z.string(),
        status: userImportStatus,
        createdAt: z.string(),
        finishedAt: z.string().nullable(),
        rowsTotal: count.nullable(),
        rowsWithErrors: count,
      }),
    ),
  }),
  workflowImports: z.object({
    total: count,
    latest: z.array(
      z.object({
        id: z.uuid(),
        createdAt: z.string(),
        finishedAt: z.string().nullable(),
        scheduled: count,
        pending: count,
        completed: count,
        failed: count,
      }),
    ),
  }),
});
export type ImportStatusView = z.infer<typeof importStatusView>;
export const importStatusResponse = z.object({ importStatus: importStatusView });
