import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import {
  addTrackSchema,
  controlRequestSchema,
  historyLeaderboardSchema,
  initializeRaceSchema,
  pushPointsSchema,
  stopTrackSchema,
  type RideAck,
  type RideClientToServer,
  type RideServerToClient,
  unstorableTextMessage,
} from '@ridealong/contracts';
import { RideError, zodMessage } from './errors.js';
import { FLOOD_MESSAGE, type FloodGate } from './flood-gate.js';
import type { Rider, RideService } from './service.js';
import { newSocketRide } from './socket-ride.js';
import { eventArgs } from '../../realtime/event-args.js';

export type RideSocketData = { rider: Rider };
export type RideSocket = Socket<
  RideClientToServer,
  RideServerToClient,
  Record<string, never>,
  RideSocketData
>;

type Answers = RideServerToClient;
type Event = keyof RideClientToServer;

function parse<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  // Text the database cannot store (U+0000) is refused before anything reads the payload.
  const unstorable = unstorableTextMessage('', payload);
  if (unstorable) throw new RideError(unstorable);
  // An emit with no payload (document 001 names no fields for history-leaderboard) is {}.
  const result = schema.safeParse(payload ?? {});
  if (!result.success) throw new RideError(zodMessage(result.error));
  return result.data;
}

/**
 * Thin handlers: parse with the contracts' schema, call one service function with the
 * socket's ride (the defaults of document 001's payloads), and answer once: as the
 * acknowledgement when the client asked for one, otherwise as the spec's named event (a
 * refusal as 'ride-error'). Nothing a client sends can reject unhandled or end the connection.
 */
export function registerRideHandlers(
  socket: RideSocket,
  service: RideService,
  log: FastifyBaseLogger,
  gate: FloodGate,
): void {
  const rider = socket.data.rider;
  const ride = newSocketRide();

  /**
   * Registers `event`: `run` answers it; `named` is the spec's answer event, sent when the
   * client gave no acknowledgement (null: this answer has no event, e.g. a non-final push).
   */
  function on<T extends object>(
    event: Event,
    run: (payload: unknown) => Promise<{ answer: T; named: ((a: T) => void) | null }>,
  ): void {
    (socket.on as (e: string, l: (...args: unknown[]) => void) => void)(event, (...args) => {
      const { payload, ack } = eventArgs(args);
      // A flood is refused before anything reads it: no parse, no query.
      const admitted = gate.admit(Date.now());
      void (admitted ? run(payload) : Promise.reject(new RideError(FLOOD_MESSAGE))).then(
        ({ answer, named }) => {
          if (ack) ack({ ok: true, ...answer } satisfies RideAck<T>);
          else named?.(answer);
        },
        (error: unknown) => {
          const message =
            error instanceof RideError ? error.message : 'Something went wrong on our side.';
          if (!(error instanceof RideError)) log.error({ err: error, event }, 'ride event failed');
          if (ack) ack({ ok: false, message } satisfies RideAck<T>);
          else socket.emit('ride-error', { event, message });
        },
      );
    });
  }

  const emit =
    <E extends keyof Answers>(name: E) =>
    (answer: Parameters<Answers[E]>[0]) =>
      (socket.emit as (e: E, a: Parameters<Answers[E]>[0]) => void)(name, answer);

  on('initialize-race', async (p) => ({
    answer: await service.initializeRace(rider, parse(initializeRaceSchema, p), ride),
    named: emit('race-intialized'),
  }));
  on('add-track', async (p) => ({
    answer: await service.addTrack(rider, parse(addTrackSchema, p), ride),
    named: emit('track-added'),
  }));
  on('control-request', async (p) => ({
    answer: await service.controls(parse(controlRequestSchema, p), ride),
    named: emit('control-response'),
  }));
  on('history-leaderboard', async (p) => ({
    answer: await service.history(rider, parse(historyLeaderboardSchema, p), ride),
    named: emit('history-leaderboard-response'),
  }));
  on('push-points', async (p) => {
    const input = parse(pushPointsSchema, p);
    const answer = await service.pushPoints(rider, input, ride);
    return { answer, named: input.status === 'final' ? emit('final-points-pushed') : null };
  });
  on('stop-track', async (p) => ({
    answer: await service.stopTrack(rider, parse(stopTrackSchema, p), ride),
    named: emit('track-saved'),
  }));
}
