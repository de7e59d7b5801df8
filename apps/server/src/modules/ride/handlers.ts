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
import type { Rider, RideService } from './service.js';

export type RideSocketData = { rider: Rider };
export type RideSocket = Socket<
  RideClientToServer,
  RideServerToClient,
  Record<string, never>,
  RideSocketData
>;

function parse<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  // Text the database cannot store (U+0000) is refused before anything reads the payload.
  const unstorable = unstorableTextMessage('', payload);
  if (unstorable) throw new RideError(unstorable);
  const result = schema.safeParse(payload);
  if (!result.success) throw new RideError(zodMessage(result.error));
  return result.data;
}

/**
 * Thin handlers: parse with the contracts' schema, call one service function, emit the named
 * answer and acknowledge. A failure answers `{ ok: false, message }` and emits 'ride-error';
 * nothing a client sends can reject unhandled or end the connection.
 */
export function registerRideHandlers(
  socket: RideSocket,
  service: RideService,
  log: FastifyBaseLogger,
): void {
  const rider = socket.data.rider;

  async function respond<T extends object>(
    event: keyof RideClientToServer,
    ack: unknown,
    run: () => Promise<T>,
  ): Promise<void> {
    let answer: RideAck<T>;
    try {
      answer = { ok: true, ...(await run()) };
    } catch (error) {
      const message =
        error instanceof RideError ? error.message : 'Something went wrong on our side.';
      if (!(error instanceof RideError)) log.error({ err: error, event }, 'ride event failed');
      socket.emit('ride-error', { event, message });
      answer = { ok: false, message };
    }
    if (typeof ack === 'function') (ack as (a: RideAck<T>) => void)(answer);
  }

  socket.on('initialize-race', (payload, ack) => {
    void respond('initialize-race', ack, async () => {
      const out = await service.initializeRace(rider, parse(initializeRaceSchema, payload));
      socket.emit('race-intialized', out);
      return out;
    });
  });

  socket.on('add-track', (payload, ack) => {
    void respond('add-track', ack, async () => {
      const out = await service.addTrack(rider, parse(addTrackSchema, payload));
      socket.emit('track-added', out);
      return out;
    });
  });

  socket.on('control-request', (payload, ack) => {
    void respond('control-request', ack, async () => {
      const out = await service.controls(parse(controlRequestSchema, payload));
      socket.emit('control-response', out);
      return out;
    });
  });

  socket.on('history-leaderboard', (payload, ack) => {
    void respond('history-leaderboard', ack, async () => {
      const out = await service.history(parse(historyLeaderboardSchema, payload));
      socket.emit('history-leaderboard-response', out);
      return out;
    });
  });

  socket.on('push-points', (payload, ack) => {
    void respond('push-points', ack, async () => {
      const input = parse(pushPointsSchema, payload);
      const out = await service.pushPoints(rider, input);
      if (input.status === 'final') socket.emit('final-points-pushed', out);
      return out;
    });
  });

  socket.on('stop-track', (payload, ack) => {
    void respond('stop-track', ack, async () => {
      const out = await service.stopTrack(rider, parse(stopTrackSchema, payload));
      socket.emit('track-saved', out);
      return out;
    });
  });
}
