/**
 * Platform environments by name (decision 015): "default" is this installation's own
 * database; other names are read-only environments from configuration (WORKFLOW_SOURCE_ENVS).
 * The organizations list and the workflow imports' pickers read from them.
 */
import { text } from './text.js';

/** Our own database; other names are read-only environments from configuration (WORKFLOW_SOURCE_ENVS). */
export const DEFAULT_SOURCE_ENV = 'default';

export const sourceEnvName = text()
  .trim()
  .min(1)
  .max(40)
  .default(DEFAULT_SOURCE_ENV)
  .describe(`A platform environment by name; "${DEFAULT_SOURCE_ENV}" is this installation's own`);
