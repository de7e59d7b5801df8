import { expect, type Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import {
  AUTH_TOKEN_HEADER,
  createEventResponseSchema,
  GROUP,
  GROUP_NAMESPACE,
  type GroupAck,
  type GroupClientToServer,
  type GroupServerToClient,
} from '@ridealong/contracts';
import type { Session } from './accounts.js';

type GroupSocket = Socket<GroupServerToClient, GroupClientToServer>;
export type IdentityPulse = Parameters<GroupServerToClient['group-identity-pulse']>[0];

/**
 * POST /api/v1/event/create as the session's member (document 001 section 7): an event of the
 * member's ready video, in the waiting room. Resolves with its id.
 */
export async function createEvent(
  page: Page,
  session: Session,
  raceUrl: string,
  hostDisplayName?: string,
): Promise<number> {
  const answer = await page.request.post('/api/v1/event/create', {
    headers: { [AUTH_TOKEN_HEADER]: session.token },
    data: {
      host_user: session.userId,
      race_url: raceUrl,
      ...(hostDisplayName === undefined ? {} : { host_user_display_name: hostDisplayName }),
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return createEventResponseSchema.parse(await answer.json()).eventId;
}

function acked(send: (ack: (a: GroupAck<object>) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    send((a) => (a.ok ? resolve() : reject(new Error(a.message))));
  });
}

/**
 * The host waits in the event's room over the real /group channel from Node, sending the
 * identity pulse every 3 s as the desktop app does, so the server sees the host present and
 * does not sweep the event away as abandoned while a spec looks at it. `leave` sends
 * group-leave-room, which cancels an event that has not started (docs/group.md), and closes.
 */
export async function waitInRoom(
  baseURL: string,
  session: Session,
  eventId: number,
  /** The host's trainer state to report (a v1 app reports none). */
  trainer?: boolean,
): Promise<{ leave: () => Promise<void>; identities: IdentityPulse[] }> {
  const socket: GroupSocket = io(`${baseURL}${GROUP_NAMESPACE}`, {
    auth: { token: session.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  // Who the room says is here, with their trainer states, as the host receives them.
  const identities: IdentityPulse[] = [];
  socket.on('group-identity-pulse', (p) => identities.push(p));
  const presence = {
    roomId: eventId,
    ...(trainer === undefined ? {} : { trainer_connected: trainer }),
  };
  let pulse: ReturnType<typeof setInterval> | undefined;
  try {
    await acked((ack) => socket.emit('group-join-room', presence, ack));
    pulse = setInterval(() => socket.emit('group-identity-pulse', presence), GROUP.identityPulseMs);
  } catch (error) {
    socket.close();
    throw error;
  }
  return {
    identities,
    leave: async () => {
      clearInterval(pulse);
      try {
        await acked((ack) => socket.emit('group-leave-room', { roomId: eventId }, ack));
      } finally {
        socket.close();
      }
    },
  };
}
