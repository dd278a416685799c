/** The user's-language name and explanation of a setting (orgSettings:settings.<key>, orgSettings:help.<key>). */
import { i18n } from '../../../i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function settingLabel(t: unknown, key: string): string {
  return (t as Translate)(`orgSettings:settings.${key}`, { defaultValue: key });
}

export function settingHelp(t: unknown, key: string): string | undefined {
  return i18n.exists(`orgSettings:help.${key}`) ? (t as Translate)(`orgSettings:help.${key}`) : undefined;
}
