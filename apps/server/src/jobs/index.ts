/** Every kind of background job, one file each; the worker process starts them all. */
import type { AppDeps } from '../deps.js';
import type { JobDefinition } from './queue.js';

export function jobDefinitions(_deps: AppDeps): JobDefinition<any>[] {
  return [];
}
