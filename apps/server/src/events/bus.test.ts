import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import type { JobContext, JobQueue } from '../jobs/types.js';
import { domainEventBus, JOB_EVENTS, type DomainEventJobs } from './bus.js';

// A stand-in transaction: the bus only hands it on, so identity is all these tests look at.
const tx = { standIn: 'tx' } as unknown as Db;

/** An in-memory JobQueue; `steps` is shared with the reactions so their order shows. */
function fakeJobQueue(steps: string[]) {
  const enqueued: { name: string; payload: unknown; db: Db | undefined }[] = [];
  let wakes = 0;
  const queue: JobQueue<DomainEventJobs> = {
    async enqueue(name, payload, options) {
      steps.push(`enqueue ${name}`);
      enqueued.push({ name, payload, db: options?.db });
      return enqueued.length;
    },
    wake() {
      wakes += 1;
    },
  };
  return { queue, enqueued, wakes: () => wakes };
}

function setUp() {
  const steps: string[] = [];
  const jobs = fakeJobQueue(steps);
  return { steps, jobs, bus: domainEventBus(jobs.queue) };
}

/** Yields to the event loop, so a reaction the bus did not await would finish too late. */
const later = () => new Promise((resolve) => setTimeout(resolve, 1));

const jobContext: JobContext = {
  jobId: 1,
  attempt: 1,
  maxAttempts: 5,
  signal: new AbortController().signal,
  progress: async () => {},
};

describe('domainEventBus.emit', () => {
  it('enqueues the event job first, then runs inTransaction reactions with the same tx, in subscription order', async () => {
    const { steps, jobs, bus } = setUp();
    const seenTx: Db[] = [];
    bus.subscribe({
      'track.saved': {
        inTransaction: async (payload, t) => {
          await later();
          seenTx.push(t);
          steps.push(`first ${payload.trackId}`);
        },
        inJob: async () => {},
      },
    });
    bus.subscribe({
      'track.saved': {
        inTransaction: async (payload, t) => {
          seenTx.push(t);
          steps.push(`second ${payload.trackId}`);
        },
      },
    });

    await bus.emit(tx, 'track.saved', { trackId: 7 });

    expect(steps).toEqual(['enqueue track.saved', 'first 7', 'second 7']);
    expect(seenTx).toHaveLength(2);
    for (const t of seenTx) expect(t).toBe(tx);
    expect(jobs.enqueued).toHaveLength(1);
  });

  it('rejects (the caller rolls the job back) and never wakes when an inTransaction reaction throws', async () => {
    const { jobs, bus } = setUp();
    bus.subscribe({
      'track.saved': {
        inTransaction: async () => {
          throw new Error('constraint violated');
        },
        inJob: async () => {},
      },
    });

    await expect(bus.emit(tx, 'track.saved', { trackId: 7 })).rejects.toThrow(
      'constraint violated',
    );
    // Enqueued in `tx`, which the caller rolls back on the rejection.
    expect(jobs.enqueued.map((j) => j.db)).toEqual([tx]);
    expect(jobs.wakes()).toBe(0);
  });

  it('enqueues a JOB_EVENTS job even when no subscriber handles it inJob, and none for other events', async () => {
    const { jobs, bus } = setUp();
    bus.subscribe({
      'track.saved': { inTransaction: async () => {}, afterCommit: () => {} },
      'video.ready': { inTransaction: async () => {} },
    });

    const afterSaved = await bus.emit(tx, 'track.saved', { trackId: 7 });
    const afterReady = await bus.emit(tx, 'video.ready', { videoId: 1, userId: 2, createdAt: 3 });
    afterSaved();
    afterReady();

    expect(jobs.enqueued.map((j) => j.name)).toEqual(['track.saved']);
  });

  it('enqueues exactly one job, named after the event, in tx, when two subscribers handle it inJob', async () => {
    const { jobs, bus } = setUp();
    const ranInJob: string[] = [];
    bus.subscribe({ 'track.saved': { inJob: async () => void ranInJob.push('first') } });
    bus.subscribe({ 'track.saved': { inJob: async () => void ranInJob.push('second') } });

    await bus.emit(tx, 'track.saved', { trackId: 7 });

    expect(jobs.enqueued).toHaveLength(1);
    const [job] = jobs.enqueued;
    expect(job?.name).toBe('track.saved');
    expect(job?.payload).toEqual({ trackId: 7 });
    expect(job?.db).toBe(tx);
    // The steps are the job's: a worker runs them later, never the emitter.
    expect(ranInJob).toEqual([]);
  });

  it('runs afterCommit reactions and wakes the queue only when the answer is called', async () => {
    const { jobs, bus } = setUp();
    const committed: number[] = [];
    bus.subscribe({
      'track.saved': {
        afterCommit: (payload) => void committed.push(payload.trackId),
        inJob: async () => {},
      },
    });
    bus.subscribe({
      'track.saved': { afterCommit: (payload) => void committed.push(-payload.trackId) },
    });

    const afterCommit = await bus.emit(tx, 'track.saved', { trackId: 7 });
    expect(committed).toEqual([]);
    expect(jobs.wakes()).toBe(0);

    afterCommit();
    expect(committed).toEqual([7, -7]);
    expect(jobs.wakes()).toBe(1);
  });

  it('wakes the queue after the commit even without an event job (reactions may enqueue their own)', async () => {
    const { jobs, bus } = setUp();
    bus.subscribe({ 'video.ready': { inTransaction: async () => {} } });

    const afterCommit = await bus.emit(tx, 'video.ready', { videoId: 1, userId: 2, createdAt: 3 });
    expect(jobs.wakes()).toBe(0);
    afterCommit();

    expect(jobs.enqueued).toEqual([]);
    expect(jobs.wakes()).toBe(1);
  });
});

describe('domainEventBus.subscribe', () => {
  it('refuses an inJob reaction to an event outside JOB_EVENTS', () => {
    const { bus } = setUp();
    expect(JOB_EVENTS).not.toContain('track.deleted');
    expect(() => bus.subscribe({ 'track.deleted': { inJob: async () => {} } })).toThrow(
      /track\.deleted .*JOB_EVENTS/,
    );
    // Only inJob needs a job: the other moments are fine on any event.
    expect(() =>
      bus.subscribe({ 'track.deleted': { inTransaction: async () => {}, afterCommit: () => {} } }),
    ).not.toThrow();
  });
});

describe('domainEventBus.refusal', () => {
  it('answers the first non-null refusal, in subscription order', async () => {
    const { bus } = setUp();
    const asked: unknown[] = [];
    bus.subscribe(
      {},
      {
        'video.remove': async (subject) => {
          asked.push(subject);
          return null;
        },
      },
    );
    bus.subscribe({}); // a module without checkers
    bus.subscribe({}, {}); // checkers, but not of this check
    bus.subscribe({}, { 'video.remove': async () => 'an active challenge rides it' });
    bus.subscribe({}, { 'video.remove': async () => 'a later refusal' });

    const subject = { videoId: 3, url: 'https://example.test/v.mp4' };
    await expect(bus.refusal('video.remove', subject)).resolves.toBe(
      'an active challenge rides it',
    );
    expect(asked).toEqual([subject]);
  });

  it('answers null when nobody refuses', async () => {
    const { bus } = setUp();
    const subject = { videoId: 3, url: 'https://example.test/v.mp4' };
    await expect(bus.refusal('video.remove', subject)).resolves.toBeNull();

    bus.subscribe({}, { 'video.remove': async () => null });
    bus.subscribe({}, { 'video.remove': async () => null });
    await expect(bus.refusal('video.remove', subject)).resolves.toBeNull();
  });
});

describe('domainEventBus.jobHandlers', () => {
  it("has one handler per JOB_EVENTS name; track.saved's runs every inJob step in order", async () => {
    const { bus } = setUp();
    const ran: string[] = [];
    bus.subscribe({
      'track.saved': {
        inJob: async (payload) => {
          await later();
          ran.push(`first ${payload.trackId}`);
        },
      },
    });
    bus.subscribe({ 'track.saved': { inTransaction: async () => {} } });
    bus.subscribe({
      'track.saved': { inJob: async (payload) => void ran.push(`second ${payload.trackId}`) },
    });

    const handlers = bus.jobHandlers();
    expect(Object.keys(handlers)).toEqual([...JOB_EVENTS]);
    await handlers['track.saved'].run({ trackId: 7 }, jobContext);

    expect(ran).toEqual(['first 7', 'second 7']);
  });

  it('rejects when a step fails, so the job is retried', async () => {
    const { bus } = setUp();
    const ran: string[] = [];
    bus.subscribe({ 'track.saved': { inJob: async () => void ran.push('first') } });
    bus.subscribe({
      'track.saved': {
        inJob: async () => {
          throw new Error('Strava is down');
        },
      },
    });

    await expect(bus.jobHandlers()['track.saved'].run({ trackId: 7 }, jobContext)).rejects.toThrow(
      'Strava is down',
    );
    expect(ran).toEqual(['first']);
  });
});
