/** The user's-language name and explanation of a setting (organizations:settings.labels.<key>, organizations:settings.help.<key>). */
import { i18n } from '../i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function settingLabel(t: unknown, key: string): string {
  return (t as Translate)(`organizations:settings.labels.${key}`, { defaultValue: key });
}

export function settingHelp(t: unknown, key: string): string | undefined {
  return i18n.exists(`organizations:settings.help.${key}`) ? (t as Translate)(`organizations:settings.help.${key}`) : undefined;
}
