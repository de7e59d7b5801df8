import { GROUP, type EventStatus } from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { LiveStore } from '../group/index.js';
import { mediaAccess } from '../media/index.js';
import type { EventsRepository, GroupEventRow, ListedEvent } from './repository.js';
import { EVENT_MESSAGES, eventDuration, existingEventVerdict } from './rules.js';

const HOUR_MS = 3600_000;

export type CreateEventInput = {
  race_url: string;
  host_user?: number | undefined;
  host_user_display_name?: string | undefined;
};

export type EventsServiceDeps = {
  repo: EventsRepository;
  /** Who is present in an event (the /group live store): whether a host's old event is ridden. */
  live: Pick<LiveStore, 'present' | 'touch'>;
  /** Creates per member and hour (shared by every process with Redis). */
  limiter: RateLimiter;
  now?: () => Date;
};

export function eventsService({ repo, live, limiter, now = () => new Date() }: EventsServiceDeps) {
  /** Riders other than the host heard from within the presence timeout. */
  const othersPresent = async (event: GroupEventRow): Promise<number> => {
    const since = now().getTime() - GROUP.presenceTimeoutMs;
    return (await live.present(event.id, since)).filter((id) => id !== event.hostUserId).length;
  };

  const existing = async (id: number): Promise<GroupEventRow> => {
    const event = await repo.findEvent(id);
    if (!event) throw notFound(EVENT_MESSAGES.notFound);
    return event;
  };

  return {
    /**
     * POST /event/create: the caller hosts a new event of a ready video and rides it. A host
     * with an open event gets it back when this is a retry of the same create; otherwise that
     * event ends as their leaving would (canceled), or, while others ride it, a 409.
     */
    async create(user: UserRow, input: CreateEventInput): Promise<number> {
      if (
        input.host_user !== undefined &&
        !can(user, 'account.hostGroupRide', { ownerId: input.host_user })
      ) {
        throw forbidden(EVENT_MESSAGES.notYourself);
      }
      // Each create may end the member's last event: a flood would fill the completed list.
      const rate = await limiter.hit(
        `event-create:member:${user.id}`,
        GROUP.createsPerHour,
        HOUR_MS,
      );
      if (!rate.allowed) throw tooManyRequests(rate.retryAfterSeconds);
      const video = await repo.findVideo(input.race_url);
      if (!video) throw notFound(EVENT_MESSAGES.videoNotFound);
      if (video.status !== 'ready') throw badRequest(EVENT_MESSAGES.videoNotReady);
      // The host rides the event too: a video their plan cannot play in full is refused with
      // the plan's own message, as its playback would be (media/access.ts).
      const access = mediaAccess(user, video, 'full', now());
      if (!access.allowed) throw forbidden(access.message);
      const event = await repo.openHostedEvent(
        {
          hostUserId: user.id,
          raceId: video.id,
          raceUrl: video.url,
          title: video.title,
          // The member's own name: a name sent by the client is not shown (anyone could be
          // 'RideAlong staff'); the lists read the member's current name (repository.ts).
          hostDisplayName: user.displayName,
          duration: eventDuration(video.duration),
        },
        // Under the member's lock, so concurrent creates each see the one before (presence is
        // a live-store read of a few milliseconds).
        async (open) => {
          const verdict = existingEventVerdict(open, video.url, await othersPresent(open));
          if (verdict === 'conflict') throw conflict(EVENT_MESSAGES.alreadyHosting);
          return verdict;
        },
      );
      // The host is present from the create on: a socket slow to connect does not find its
      // new event abandoned by the sweep.
      await live.touch(event.id, user.id, now().getTime());
      return event.id;
    },

    async status(id: number): Promise<EventStatus> {
      return (await existing(id)).status;
    },

    /** When the host pressed Start, and the server's clock now (clients correct theirs by it). */
    async startTime(id: number): Promise<{ timeStart: number | null; serverNow: number }> {
      const event = await existing(id);
      return { timeStart: event.timeStart?.getTime() ?? null, serverNow: now().getTime() };
    },

    countCompleted: () => repo.countCompleted(),

    active: (): Promise<ListedEvent[]> => repo.active(GROUP.activeListLimit),

    completed: (q: { start: number; paginate: number }): Promise<ListedEvent[]> =>
      repo.completed({ offset: q.start, limit: q.paginate }),
  };
}

export type EventsService = ReturnType<typeof eventsService>;
