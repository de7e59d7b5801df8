import { z } from 'zod';
import { bodyIdSchema, pgInt, pgIntParam, videoSecond, videoSeconds } from './schemas/common.js';

/**
 * Group rides and live events (document 001: '/events', section 4 'Group ride', section 7
 * 'Group channel' and the event calls, section 9). An event is a group ride of one video that
 * others join; its room id is its event id. Design: docs/group.md.
 */
export const GROUP_NAMESPACE = '/group';

/** Section 9 numbers of group riding, and this server's own bounds around them. */
export const GROUP = {
  /** The countdown the host's Start begins, for everyone at the same moment. */
  countdownSeconds: 10,
  /** Late joiners sync to (seconds since the start - this), at least 0. */
  lateJoinOffsetSeconds: 10,
  /** A rider further than this from the event's video time is moved to it. */
  syncMarginSeconds: 1,
  /** Clients send their identity this often; the server relays it to the room. */
  identityPulseMs: 3000,
  /** The group leaderboard is redrawn this often. */
  leaderboardRefreshMs: 2000,
  /**
   * The server sends each rider their whole leaderboard window this often (each rider's
   * point changes once a second: half of that keeps what a rider sees under 2 s old).
   */
  relayIntervalMs: 500,
  /** A rider not heard from (identity or point) for this long is no longer present. */
  presenceTimeoutMs: 10_000,
  /** An in-progress event is complete this long after its video has run out. */
  finishGraceSeconds: 60,
  /**
   * The most members a room state lists, and the most present riders for which identity
   * pulses are relayed to the whole room (beyond it each pulse would go to hundreds of riders
   * every 3 s; riders then learn each other from their leaderboard window, which names them).
   */
  roomListMax: 50,
  /** Client events a socket may send per second, sustained (pulses are 1 and 1/3 a second). */
  eventsPerSecond: 10,
  /** /events: the active list is re-polled this often. */
  activePollMs: 5000,
  /** /events: completed events load in pages of this many, this long apart at the least. */
  completedPageSize: 10,
  completedLoadDelayMs: 3000,
  /** Events a member may create an hour (each ride of the desktop app hosts one). */
  createsPerHour: 30,
  /** The most active events one answer lists (in progress first, then newest). */
  activeListLimit: 100,
  /** The most completed events one page may ask for. */
  completedPageMax: 50,
} as const;

export const EVENT_STATUSES = ['waiting-room', 'in-progress', 'complete'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Why a complete event ended. */
export const EVENT_END_REASONS = ['finished', 'canceled', 'abandoned'] as const;
export type EventEndReason = (typeof EVENT_END_REASONS)[number];

/** The exact strings of document 001. */
export const GROUP_MESSAGES = {
  canceled: 'This workout was canceled.',
  connectToJoin: 'The event has started. Connect to a smart trainer to join!',
  noEvents: 'There are currently no events.',
  heading: 'Join a live event.',
  pageTitle: 'Videos to Ride',
} as const;

/** The status badge of an event card (document 001 '/events'). */
export function eventBadge(status: EventStatus): string {
  if (status === 'waiting-room') return 'About to Happen!';
  if (status === 'in-progress') return 'Happening Now!';
  return 'Completed';
}

/**
 * Where a (late) joiner's video starts: seconds since the host's Start minus the countdown,
 * at least 0 (section 4). `timeStart` and `now` are ms since the epoch on the server's clock.
 */
export function lateJoinSecond(timeStart: number, now: number): number {
  return Math.max(0, (now - timeStart) / 1000 - GROUP.lateJoinOffsetSeconds);
}

// ---- HTTP: the event calls of section 7 -----------------------------------------------------

const raceUrl = z.string().trim().min(1).max(200);

export const createEventSchema = z.object({
  /**
   * The caller (a v1 client sends its own id); the host is always the session's member. A
   * number or its digits, as challenges take ids: no arrays, `1e3` or `0x10` coerced.
   */
  host_user: bodyIdSchema.optional(),
  race_url: raceUrl,
  /**
   * Sent by v1 clients and checked, but not shown: the card names the host by their own
   * display name, so no member can appear as someone else ('boss (RideAlong staff)').
   */
  host_user_display_name: z.string().trim().max(100).optional(),
});
export const createEventResponseSchema = z.object({ eventId: z.number() });
export type CreateEventResponse = z.infer<typeof createEventResponseSchema>;

/** Path ids are decimal digits only (the same rule as body ids): `1e3`, `0x10`, ` 1` are 400. */
export const eventIdParamsSchema = z.object({ eventId: bodyIdSchema });
export const roomIdParamsSchema = z.object({ roomId: bodyIdSchema });

export const eventStatusResponseSchema = z.object({ status: z.enum(EVENT_STATUSES) });
export const eventStartTimeResponseSchema = z.object({
  /** When the host pressed Start (ms since the epoch, server clock); null before. */
  timeStart: z.number().nullable(),
  /** The server's clock when it answered, so a client can correct its own. */
  serverNow: z.number(),
});
export const completedCountResponseSchema = z.object({ count: z.number() });

/** An event card (the spec's event list item, with what the card shows). */
export const eventListItemSchema = z.object({
  id: z.number(),
  status: z.enum(EVENT_STATUSES),
  race_url: z.string(),
  title: z.string(),
  host_user_display_name: z.string(),
  thumbnail_url: z.string().nullable(),
  timeStart: z.number().nullable(),
  /** Riders present now (0 once complete). */
  riders: z.number(),
  /**
   * Added after v1: optional. Open events: members who were ever in it, the host included.
   * Completed events: members who rode it (still in at the host's Start).
   */
  joined: z.number().optional(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

export const eventListResponseSchema = z.object({ events: z.array(eventListItemSchema) });
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

export const completedPageQuerySchema = z.object({
  start: pgIntParam(0, 1_000_000).default(0),
  paginate: pgIntParam(1, GROUP.completedPageMax).default(GROUP.completedPageSize),
});

// ---- the /group channel ---------------------------------------------------------------------

/** Group member info (section 3): always the server's record of the member, never the payload's. */
export const groupMemberSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  photo_url: z.string().nullable(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** The most power a rider is believed to hold for a second (the /ride points' bound too). */
const MAX_WATTS = 4000;

/**
 * A rider's latest second, as group-point-pulse carries it. The sum cannot exceed what the
 * seconds ridden could hold at the power bound, so no one takes the lead with a made-up total.
 */
export const groupPointSchema = z
  .object({
    elapsed_time: videoSecond,
    accumulated_power: z.number().min(0).max(1e9),
    power: z.number().min(0).max(MAX_WATTS),
    heart_rate: z.number().min(0).max(260).default(0),
    cadence: z.number().min(0).max(300).default(0),
    distance: z.number().min(0).max(1e7).default(0),
  })
  .refine((p) => p.accumulated_power <= (p.elapsed_time + 1) * MAX_WATTS, {
    message: 'accumulated_power is more than the seconds ridden can hold',
    path: ['accumulated_power'],
  });
export type GroupPoint = z.infer<typeof groupPointSchema>;

/** A room id is sent as a number: no text, booleans or arrays coerced into one. */
const roomId = pgInt(1);
/** A v1 client sends its own user_info; the server ignores it and uses its own record. */
const claimedUserInfo = z.unknown().optional();

export const groupRoomSchema = z.object({ roomId });
/**
 * A join or identity pulse. `trainer_connected` (added after v1, so optional) is whether the
 * sender's smart trainer is connected now: the waiting room shows it to everyone, and the
 * host sees who is not ready. A client that never sends it (v1 desktop apps) is 'not
 * reported', never 'no trainer'. A strict boolean: no text or numbers coerced.
 */
export const groupPulseSchema = z.object({
  roomId,
  user_info: claimedUserInfo,
  trainer_connected: z.boolean().optional(),
});
export const groupStartRaceSchema = z.object({
  roomId,
  /** The video's duration in seconds: with timeStart it tells when the event is over. */
  duration: videoSeconds.optional(),
});
export const groupPointPulseSchema = z.object({
  roomId,
  user_info: claimedUserInfo,
  point: groupPointSchema,
});

/** Each client event's payload schema: handlers parse with it, tests sweep every event from it. */
export const groupClientSchemas = {
  'group-check-room': groupRoomSchema,
  'group-join-room': groupPulseSchema,
  'group-identity-pulse': groupPulseSchema,
  'group-leave-room': groupRoomSchema,
  'group-start-race': groupStartRaceSchema,
  'group-cancel': groupRoomSchema,
  'group-point-pulse': groupPointPulseSchema,
} as const satisfies Record<keyof GroupClientToServer, z.ZodType>;

/** A rider of a room state: the member, and their trainer's state when reported. */
export const groupRoomMemberSchema = groupMemberSchema.extend({
  trainer_connected: z.boolean().optional(),
});
export type GroupRoomMember = z.infer<typeof groupRoomMemberSchema>;

/** What check-room and join-room answer: the event as it is now. */
export const groupRoomStateSchema = z.object({
  roomId: z.number(),
  status: z.enum(EVENT_STATUSES),
  host_user: z.number(),
  race_url: z.string(),
  timeStart: z.number().nullable(),
  /** Seconds of video the event rides (known once started). */
  duration: z.number().nullable(),
  serverNow: z.number(),
  /**
   * Riders present, the host included when present: the first GROUP.roomListMax to join, each
   * with their trainer's state when their client reports it.
   */
  members: z.array(groupRoomMemberSchema),
  /** How many riders are present (members lists at most GROUP.roomListMax of them). */
  present: z.number(),
  end_reason: z.enum(EVENT_END_REASONS).nullable(),
});
export type GroupRoomState = z.infer<typeof groupRoomStateSchema>;

export type GroupStartRace = {
  roomId: number;
  timeStart: number;
  duration: number | null;
  serverNow: number;
};

/**
 * One rider's latest second as the server relays it: document 001's (user_info, point), plus
 * the rider's place in the event and how many ride it. Each rider receives, every
 * `relayIntervalMs`, only the riders of their own leaderboard window (the top 10, or the top
 * 3 and the 5 around them), whole and in rank order each time, so what a rider receives does
 * not grow with the event's size.
 */
export type GroupPointRelay = {
  roomId: number;
  user_info: GroupMember;
  point: GroupPoint;
  rank: number;
  total: number;
};

export type GroupAck<T> = ({ ok: true } & T) | { ok: false; message: string };
type Ack<T> = (answer: GroupAck<T>) => void;
type In<S extends z.ZodType> = z.input<S>;

export interface GroupClientToServer {
  'group-check-room': (p: In<typeof groupRoomSchema>, ack?: Ack<GroupRoomState>) => void;
  'group-join-room': (p: In<typeof groupPulseSchema>, ack?: Ack<GroupRoomState>) => void;
  'group-identity-pulse': (p: In<typeof groupPulseSchema>, ack?: Ack<object>) => void;
  'group-leave-room': (p: In<typeof groupRoomSchema>, ack?: Ack<object>) => void;
  'group-start-race': (p: In<typeof groupStartRaceSchema>, ack?: Ack<GroupStartRace>) => void;
  'group-cancel': (p: In<typeof groupRoomSchema>, ack?: Ack<object>) => void;
  'group-point-pulse': (p: In<typeof groupPointPulseSchema>, ack?: Ack<object>) => void;
}

export interface GroupServerToClient {
  /** A rider's identity, with their trainer's state when their client reports it. */
  'group-identity-pulse': (p: {
    roomId: number;
    user_info: GroupMember;
    trainer_connected?: boolean;
  }) => void;
  'group-leave-room': (p: { roomId: number; user_info: GroupMember }) => void;
  'group-point-pulse': (p: GroupPointRelay) => void;
  'group-start-race': (p: GroupStartRace) => void;
  /** A refused request: which event and why (document 001: clients only log it). */
  'group-error': (p: { event: string; message: string }) => void;
  'group-cancel': (p: { roomId: number; reason: EventEndReason }) => void;
}
