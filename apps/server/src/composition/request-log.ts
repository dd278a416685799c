/**
 * The request log (docs/decisions/071-request-log.md): the recorder that the external API's
 * calls are recorded into, off the request path, and the service that reads the log (the
 * screen, `/v1/requests`) and purges it (the hourly housekeeping).
 */
import { createRequestLogRecorder } from '../modules/request-log/request-log.recorder.js';
import { createRequestLogService } from '../modules/request-log/request-log.service.js';
import type { Wiring } from './shared.js';

export function buildRequestLog({ deps, repositories }: Wiring) {
  return {
    requestLog: createRequestLogService({ repo: repositories.requestLog, clock: deps.clock }),
    // One buffer per app, written in batches; the app's close writes what is left (app.ts).
    requestLogRecorder: createRequestLogRecorder({ repo: repositories.requestLog, log: deps.log }),
  };
}
