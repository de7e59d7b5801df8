import type { EventListItem } from '@ridealong/contracts';
import type { MediaSigner } from '../../lib/media-signing.js';
import { signedPosterPath } from '../races/index.js';
import type { ListedEvent } from './repository.js';

/** Event row -> an event card (document 001 '/events'); the thumbnail is signed as on video cards. */
export function presentEvent(
  { event, poster, riders, joined, hostName }: ListedEvent,
  signer: MediaSigner,
): EventListItem {
  return {
    id: event.id,
    status: event.status,
    race_url: event.raceUrl,
    title: event.title,
    // The member's own name as it is now; the stored one only if the row were ever missing.
    host_user_display_name: hostName ?? event.hostDisplayName,
    thumbnail_url: poster ? signedPosterPath(poster, signer) : null,
    timeStart: event.timeStart?.getTime() ?? null,
    // Nobody rides a complete event any more, whatever rows are left open.
    riders: event.status === 'complete' ? 0 : riders,
    joined,
  };
}
