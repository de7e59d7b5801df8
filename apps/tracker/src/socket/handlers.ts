import {
  deviceIdSchema,
  scanRequestSchema,
  setControlSchema,
  simulatorPowerSchema,
  trainerSettingsSchema,
  type TrackerAck,
  type TrackerClientToServer,
  type TrackerServerToClient,
} from '@ridealong/contracts';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { errorMessage, type Logger } from '../log.js';
import type { Tracker } from '../tracker.js';

export type TrackerSocket = Socket<TrackerClientToServer, TrackerServerToClient>;

type Ack = (ack: TrackerAck) => void;

const describe = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');

/** The ack callback if the client sent one (it is always the last argument). */
function ackOf(args: unknown[]): Ack {
  const last = args.at(-1);
  return typeof last === 'function' ? (a) => void (last as Ack)(a) : () => undefined;
}

/** The payload, unless the client sent only an ack. */
const payloadOf = (args: unknown[]): unknown =>
  typeof args[0] === 'function' ? undefined : args[0];

/**
 * The client -> tracker events. Every payload is validated here: a bad one is answered
 * (or, for set_control, logged and ignored) and never reaches the devices or crashes anything.
 */
export function registerHandlers(socket: TrackerSocket, tracker: Tracker, log: Logger): void {
  const guarded =
    (event: string, run: (payload: unknown, ack: Ack) => Promise<void> | void) =>
    (...args: unknown[]): void => {
      const ack = ackOf(args);
      const fail = (e: unknown) => {
        log.error(`${event} from ${socket.id} failed: ${errorMessage(e)}`);
        ack({ ok: false, message: `The tracker could not do that: ${errorMessage(e)}` });
      };
      try {
        void Promise.resolve(run(payloadOf(args), ack)).catch(fail);
      } catch (e) {
        fail(e);
      }
    };

  const withDeviceId =
    (run: (id: string) => Promise<TrackerAck>) =>
    async (payload: unknown, ack: Ack): Promise<void> => {
      const parsed = deviceIdSchema.safeParse(payload);
      if (!parsed.success)
        return ack({ ok: false, message: `Bad request: ${describe(parsed.error)}` });
      ack(await run(parsed.data.id));
    };

  socket.on(
    'set_control',
    guarded('set_control', (payload) => {
      const parsed = setControlSchema.safeParse(payload);
      if (!parsed.success) {
        log.warn(`Ignored set_control from ${socket.id}: ${describe(parsed.error)}`);
        return;
      }
      tracker.setControl(parsed.data);
    }),
  );
  socket.on(
    'set_settings',
    guarded('set_settings', (payload, ack) => {
      const parsed = trainerSettingsSchema.safeParse(payload);
      if (!parsed.success)
        return ack({ ok: false, message: `Bad settings: ${describe(parsed.error)}` });
      tracker.setSettings(parsed.data);
      ack({ ok: true });
    }),
  );
  socket.on(
    'set_simulator_power',
    guarded('set_simulator_power', (payload, ack) => {
      const parsed = simulatorPowerSchema.safeParse(payload);
      if (!parsed.success)
        return ack({ ok: false, message: `Bad simulator power: ${describe(parsed.error)}` });
      ack(tracker.setSimulatorPower(parsed.data));
    }),
  );
  socket.on(
    'scan',
    guarded('scan', async (payload, ack) => {
      const parsed = scanRequestSchema.safeParse(payload ?? {});
      if (!parsed.success)
        return ack({ ok: false, message: `Bad scan request: ${describe(parsed.error)}` });
      ack(await tracker.scan(parsed.data.transports, parsed.data.duration_s * 1000));
    }),
  );
  socket.on(
    'stop_scan',
    guarded('stop_scan', async (_payload, ack) => ack(await tracker.stopScan())),
  );
  socket.on(
    'connect_device',
    guarded(
      'connect_device',
      withDeviceId((id) => tracker.connect(id)),
    ),
  );
  socket.on(
    'disconnect_device',
    guarded(
      'disconnect_device',
      withDeviceId((id) => tracker.disconnect(id)),
    ),
  );
  socket.on(
    'forget_device',
    guarded(
      'forget_device',
      withDeviceId((id) => tracker.forget(id)),
    ),
  );
}
