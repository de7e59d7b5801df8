import {
  challengeDates,
  type Challenge,
  type ChallengeLeaderboardRow,
  type ChallengeStatusData,
  type UserChallenge,
} from '@ridealong/contracts';
import type { ChallengeRow, UserChallengeRow } from '../../db/schema.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { presentRace } from '../races/index.js';
import type { BoardEntry, MemberChallenge } from './members-repository.js';
import type { ChallengeWithVideos } from './repository.js';

/** Active: switched on and its end not reached. */
export const isActiveAt = (row: Pick<ChallengeRow, 'active' | 'endsAt'>, now: Date): boolean =>
  row.active && row.endsAt.getTime() > now.getTime();

/** goal_payload as the spec has it: a JSON string of the goal or of the ordered race videos. */
export function goalPayload(row: Pick<ChallengeRow, 'challengeType' | 'goal' | 'videoSubset'>) {
  return JSON.stringify(
    row.challengeType === 'RACE_BASED' ? { video_subset: row.videoSubset } : { goal: row.goal },
  );
}

/** The Challenge entity (document 001 section 3); `videos` are the ready race videos in order. */
export function presentChallenge(
  { row, videos }: ChallengeWithVideos,
  signer: MediaSigner,
  now: Date,
): Challenge {
  return {
    id: row.id,
    challenge_id: row.id,
    title: row.title,
    description: row.description,
    ...challengeDates(row.startsAt, row.endsAt),
    active: isActiveAt(row, now),
    featured: row.featured,
    image_url: row.imageUrl,
    challenge_type: row.challengeType,
    goal_payload: goalPayload(row),
    participants: row.participants,
    videos: videos.map((v) => presentRace(v, signer, '')),
  };
}

export function statusData(
  m: Pick<UserChallengeRow, 'currentTotal' | 'averagePower' | 'videosWatched'>,
): ChallengeStatusData {
  return {
    status: {
      current_total: m.currentTotal,
      average_power: m.averagePower,
      videosWatched: m.videosWatched,
    },
  };
}

/** The User-challenge entity (section 3); the user's user_challenges carry the same. */
export function presentUserChallenge({ member, challenge }: MemberChallenge): UserChallenge {
  return {
    challenge_id: challenge.id,
    title: challenge.title,
    challenge_type: challenge.challengeType,
    complete: member.complete,
    completion_percent: member.completionPercent,
    status_data: statusData(member),
  };
}

export function presentBoardRow(entry: BoardEntry, ranking: number): ChallengeLeaderboardRow {
  return {
    user: {
      id: entry.user.id,
      display_name: entry.user.displayName,
      photo_url: entry.user.photoUrl,
    },
    ranking,
    complete: entry.member.complete,
    completion_percent: entry.member.completionPercent,
    status_data: statusData(entry.member),
  };
}
