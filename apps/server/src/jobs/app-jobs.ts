import type { Config } from '../config.js';
import type { DbJobQueue, SettledJob } from './db-queue.js';
import type { JobHandler, JobHandlers, JobRunner } from './types.js';

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * The modules' handlers as the runner's one map. Every job in `payloads` must have exactly one
 * handler and no handler a job outside it: a start-up error names the job otherwise (a module's
 * job whose handler was forgotten would wait in the table for ever).
 */
export function completeHandlers<P extends object>(
  payloads: { [K in keyof P]: unknown },
  parts: readonly (Record<string, JobHandler<never>> | undefined)[],
): JobHandlers<P> {
  const joined: Record<string, JobHandler<never>> = {};
  for (const part of parts) {
    for (const [name, handler] of Object.entries(part ?? {})) {
      if (Object.hasOwn(joined, name)) throw new Error(`job ${name} has two handlers`);
      if (!Object.hasOwn(payloads, name))
        throw new Error(`job ${name} has a handler but no payload schema`);
      joined[name] = handler;
    }
  }
  const missing = Object.keys(payloads).filter((name) => !Object.hasOwn(joined, name));
  if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
  // Checked above name by name; each module typed its handler by its own payload schema.
  return joined as unknown as JobHandlers<P>;
}

/**
 * A worker's runner of the app's jobs. Every outcome is logged with the job's id and name: the
 * one record of which process ran a job (the table keeps no runner name).
 */
export function appJobRunner<P>(
  queue: DbJobQueue<P>,
  handlers: JobHandlers<P>,
  deps: { config: Pick<Config, 'jobRetryBaseMs'>; log: Log },
): JobRunner {
  const { log } = deps;
  const settled = (e: SettledJob) => {
    // jobId/jobName: pino's own `name` key would read as the logger's name.
    const fields = {
      jobId: e.id,
      jobName: e.name,
      outcome: e.outcome,
      ...(e.error ? { error: e.error } : {}),
    };
    if (e.outcome === 'done' || e.outcome === 'released' || e.outcome === 'deferred')
      log.info(fields, `job ${e.outcome}`);
    else log.warn(fields, `job ${e.outcome}`);
  };
  return queue.runner({
    handlers,
    retryBaseMs: deps.config.jobRetryBaseMs,
    log: { error: (obj, msg) => log.error(obj, msg) },
    onSettled: settled,
  });
}
