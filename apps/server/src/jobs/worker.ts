import type { FastifyInstance } from 'fastify';

/** Background work with a start and a stop that waits for work in progress (a runner, a sweep). */
export type BackgroundTask = { start: () => void; stop: () => Promise<void> };

/**
 * A `worker` process's background work: started once the app is ready (so start-up work and
 * migrations are done) and stopped before it closes: running jobs are handed back to the
 * queue and a sweep in progress is waited for.
 */
export function installWorker(app: FastifyInstance, tasks: readonly BackgroundTask[]): void {
  app.addHook('onReady', async () => {
    for (const task of tasks) task.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all(tasks.map((task) => task.stop()));
  });
}
