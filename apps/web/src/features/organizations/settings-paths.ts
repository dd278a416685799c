/**
 * The older "settings parts" (docs/product.md, "Organization settings"): each of these
 * paths opens the one settings screen at the matching group, or at one setting of it
 * (decision 014).
 *   /super/organizations/{id}/constants/{part}   /super/organizations/{id}/Settings/{part}
 * Kept small and free of the screen's code: pages.ts reads it to tell a part from a 404.
 */
import type { OrganizationSettingGroup, OrganizationSettingKey } from '@console/contracts/organizations';

export type SettingsView = 'all' | OrganizationSettingGroup | 'importStatus';
export interface SettingsPart {
  view: SettingsView;
  /** A setting to bring into view and focus. */
  focus?: OrganizationSettingKey;
}

export const settingsParts: Record<'constants' | 'Settings', Record<string, SettingsPart>> = {
  constants: {
    customFeaturesSettings: { view: 'customFeatures' },
    genericCustomFeaturesSettings: { view: 'productFeatures' },
    importStatus: { view: 'importStatus' },
    productsSettings: { view: 'products' },
    settingsPanels: { view: 'all' },
  },
  Settings: {
    AIModelSelector: { view: 'aiFeatures', focus: 'aiVerification' },
    DynamicSettingsPanel: { view: 'all' },
    EmployeeIdLoginSwitch: { view: 'basic', focus: 'employeeIdLogin' },
  },
};

export function settingsPart(section: 'constants' | 'Settings', part: string | undefined): SettingsPart | undefined {
  return part !== undefined && Object.hasOwn(settingsParts[section], part) ? settingsParts[section][part] : undefined;
}
