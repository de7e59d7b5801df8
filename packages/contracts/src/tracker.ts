import { z } from 'zod';

/**
 * The local tracker channel (document 001, 'Local tracker channel'): a Socket.IO server on
 * 127.0.0.1 that the web and desktop apps talk to. Reserved Socket.IO names (connect_error)
 * are produced by the server refusing a handshake with a reason in `data`.
 */
export const TRACKER_DEFAULT_PORT = 47100;
export const TRACKER_PULSE_MS = 1000;
/** tracker_data is sent at most 4 times a second. */
export const TRACKER_DATA_MIN_INTERVAL_MS = 250;
/** set_control reaches the trainer at most twice a second, latest value wins. */
export const TRACKER_CONTROL_MIN_INTERVAL_MS = 500;

export const trackerTransportSchema = z.enum(['simulator', 'ant', 'ble']);
export type TrackerTransport = z.infer<typeof trackerTransportSchema>;

export const trackerDeviceKindSchema = z.enum(['trainer', 'power', 'heart_rate', 'speed_cadence']);
export type TrackerDeviceKind = z.infer<typeof trackerDeviceKindSchema>;

export const deviceStateSchema = z.enum([
  'available',
  'connecting',
  'connected',
  'reconnecting',
  'disconnected',
]);
export type DeviceState = z.infer<typeof deviceStateSchema>;

export const trackerDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  transport: trackerTransportSchema,
  kinds: z.array(trackerDeviceKindSchema),
  state: deviceStateSchema,
  /** Remembered devices are connected again when they are seen. */
  remembered: z.boolean(),
  /** Whether the trainer takes grade (simulation) commands. */
  controllable: z.boolean(),
  /** Reconnection attempts made since the device dropped; 0 while connected. */
  reconnectAttempts: z.number().int().nonnegative(),
});
export type TrackerDevice = z.infer<typeof trackerDeviceSchema>;

export const adapterStatusSchema = z.object({
  transport: trackerTransportSchema,
  state: z.enum(['ready', 'scanning', 'no_adapter', 'error']),
  /** What a person can do about it, e.g. 'No ANT+ USB stick found. Plug one in.' */
  message: z.string().nullable(),
});
export type AdapterStatus = z.infer<typeof adapterStatusSchema>;

export const trainerSettingsSchema = z.object({
  /** Percent of the road's grade sent to the trainer, 0-200 (default 100). */
  difficulty: z.number().min(0).max(200),
  /** Percent of the (scaled) downhill grade kept, 0-100 (default 50). */
  downhill: z.number().min(0).max(100),
});
export type TrainerSettings = z.infer<typeof trainerSettingsSchema>;
export const DEFAULT_TRAINER_SETTINGS: TrainerSettings = { difficulty: 100, downhill: 50 };

/** The simulator's virtual rider: the power it pedals, set from the page (ours, not document 001). */
export const SIMULATOR_POWER = { minWatts: 50, maxWatts: 600, stepWatts: 10, defaultWatts: 200 };

export const simulatorPowerSchema = z.object({
  watts: z
    .number()
    .int()
    .min(SIMULATOR_POWER.minWatts)
    .max(SIMULATOR_POWER.maxWatts)
    .multipleOf(SIMULATOR_POWER.stepWatts),
});
export type SimulatorPower = z.infer<typeof simulatorPowerSchema>;

export const pulseSchema = z.object({
  alive: z.literal(true),
  version: z.string(),
  uptime_s: z.number(),
  adapters: z.array(adapterStatusSchema),
  devices: z.array(trackerDeviceSchema),
  settings: trainerSettingsSchema,
  /** The last grade sent to the trainer after shaping, in percent; null before any. */
  applied_grade: z.number().nullable(),
  /**
   * The simulator's set power in watts while the tracker offers it; absent from older trackers
   * (which also ignore set_simulator_power).
   */
  simulator_watts: z.number().optional(),
});
export type Pulse = z.infer<typeof pulseSchema>;

export const trackerDataSchema = z.object({
  device_id: z.string(),
  /** Watts. */
  power: z.number(),
  /** Revolutions per minute. */
  cadence: z.number(),
  /** Beats per minute; 0 when no heart-rate source. */
  heart_rate: z.number(),
  /** Metres per second. */
  speed: z.number(),
  /** Metres since the session started. */
  distance: z.number(),
  /** Seconds since the session started. */
  elapsed_time: z.number(),
  timestamp: z.number(),
});
export type TrackerData = z.infer<typeof trackerDataSchema>;

export const setControlSchema = z.object({
  /** The road's grade in percent (the spec's slope). */
  slope: z.number().min(-100).max(100),
  road_feel_type: z.string().max(40).default('none'),
  road_feel_intensity: z.number().min(0).max(100).default(0),
});
export type SetControl = z.infer<typeof setControlSchema>;

export const deviceIdSchema = z.object({ id: z.string().min(1).max(200) });
export const scanRequestSchema = z.object({
  transports: z.array(trackerTransportSchema).optional(),
  duration_s: z.number().min(1).max(120).default(20),
});

/** Acknowledgement of a client request: ok, or a message a person can act on. */
export type TrackerAck = { ok: true } | { ok: false; message: string };

export interface TrackerServerToClient {
  pulse: (pulse: Pulse) => void;
  tracker_data: (data: TrackerData) => void;
}

export interface TrackerClientToServer {
  set_control: (control: SetControl) => void;
  set_settings: (settings: TrainerSettings, ack?: (a: TrackerAck) => void) => void;
  /** Additive: the simulator's power. Older trackers never answer it. */
  set_simulator_power: (req: SimulatorPower, ack?: (a: TrackerAck) => void) => void;
  scan: (req: z.input<typeof scanRequestSchema>, ack?: (a: TrackerAck) => void) => void;
  stop_scan: (ack?: (a: TrackerAck) => void) => void;
  connect_device: (req: { id: string }, ack?: (a: TrackerAck) => void) => void;
  disconnect_device: (req: { id: string }, ack?: (a: TrackerAck) => void) => void;
  forget_device: (req: { id: string }, ack?: (a: TrackerAck) => void) => void;
}

/** Why the tracker refused a connection; arrives on the client as connect_error's `data`. */
export type TrackerRefusal = { reason: 'origin_not_allowed'; message: string };
