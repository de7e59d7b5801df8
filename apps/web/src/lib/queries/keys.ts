import type { RacesQuery } from '@ridealong/contracts';

// Query keys of the data several features read or refresh. Features must not import each
// other, so the keys live here and each feature's api/queries.ts extends these roots. Only type
// imports: the home page's first load imports this file, and it must bring no zod (issue 12).

const RACES = ['races'] as const;
const CHANNEL_INFO = ['channel-info'] as const;
const CHALLENGES = ['challenges'] as const;

export const racesKeys = {
  /** Every page of the searchable list: refreshed after an upload, an edit or a delete. */
  lists: RACES,
  page: (query: RacesQuery) => [...RACES, query] as const,
  /** One video by its url. */
  one: (url: string) => ['race', url] as const,
  /** Its route summary (the video page's profile); a GPX upload on the Gradients tab renews it. */
  route: (url: string) => ['race-route', url] as const,
  /** The owner's processing status (polled). */
  status: (raceId: string | number | null) => ['race-status', String(raceId)] as const,
};

export const channelsKeys = {
  /** Every list of channels (the home carousel and /explore-channels). */
  index: ['channels-index'] as const,
  /** Every channel page. */
  info: CHANNEL_INFO,
  /** One member's channel, both its owner's and its public view. */
  infoOf: (userId: number) => [...CHANNEL_INFO, userId] as const,
};

/** 'challenges' first: creating one, or joining, refreshes them all. */
export const challengesKeys = {
  all: CHALLENGES,
  active: [...CHALLENGES, 'active'] as const,
};

export const configKeys = {
  public: ['public-config'] as const,
  desktopDownloads: ['desktop-downloads'] as const,
};
