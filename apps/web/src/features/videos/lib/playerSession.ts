import type { Playback } from '@ridealong/contracts';

/** What VideoPlayer needs of a running player, shaka's (shakaSession) or native HLS's. */
export type PlayerSession = {
  /** A newer Playback for the same stream (renewed URLs): used from the next request on. */
  update: (playback: Playback) => void;
  /** The connection is likely back (socket reconnected, browser online): retry now if away. */
  retryNow: () => void;
  destroy: () => Promise<void>;
};

export type PlayerSessionCallbacks = {
  /** Missing, forbidden or unplayable: the page shows the processing state. */
  onFatal: () => void;
  /** When the player started retrying (ms since epoch), or null once the server answers again. */
  onReconnecting: (since: number | null) => void;
};
