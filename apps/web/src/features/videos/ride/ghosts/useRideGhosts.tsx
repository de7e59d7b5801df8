import type { ReactNode } from 'react';
import type { Race, RideMode } from '@ridealong/contracts';
import { useUnits } from '../../../../lib/units';
import { selectSignedIn, useUserStore } from '../../../../stores/user';
import type { RideRouteGhosts } from '../RideRoute';
import type { RideSnapshot } from '../rideSnapshot';
import { boardRows } from './ghostBoard';
import { GhostBoard } from './GhostBoard';
import { GhostPicker } from './GhostPicker';
import { useGhosts } from './useGhosts';

/** What the ride view needs of useRide (absent, its mode is steady). */
type RideLike = { active: boolean; snapshot: RideSnapshot; mode?: RideMode };

export type RideGhostsView = {
  /** The ghost board, in the leaderboard's place; null outside a reactive ride. */
  board: ReactNode;
  /** For the road profile: the rider and the ghosts by distance; undefined when steady. */
  route: RideRouteGhosts | undefined;
  /** The 'Ghosts' picker beside Start; null when no ghosts are offered. */
  picker: ReactNode;
};

/**
 * The ghosts in the ride view: offered before a solo reactive ride, then ridden with. Steady
 * rides and group rides are left as they were.
 */
export function useRideGhosts({
  race,
  ride,
  solo,
}: {
  race: Race;
  ride: RideLike;
  solo: boolean;
}): RideGhostsView {
  const units = useUnits();
  const signedIn = useUserStore(selectSignedIn);
  const weight = useUserStore((s) => s.user.weight ?? null);
  const reactive = ride.mode === 'reactive' && solo;
  const { snapshot } = ride;
  const ghosts = useGhosts({
    raceId: race.id,
    enabled: reactive && signedIn,
    riding: ride.active,
    elapsed: snapshot.elapsedSeconds,
    riderDistance: snapshot.distance,
  });
  if (!reactive) return { board: null, route: undefined, picker: null };
  const places = ghosts.placeAt(snapshot.elapsedSeconds, snapshot.distance);
  const rows = boardRows(
    { distance: snapshot.distance, power: snapshot.lastPoint?.power ?? null, weight },
    ghosts.riding.map((g) => ({ ride: g, place: places.get(g.track_id) ?? null })),
  );
  return {
    board: ride.active ? <GhostBoard rows={rows} units={units} /> : null,
    route: { list: ghosts.riding, positions: ghosts.positions },
    picker:
      signedIn && !ride.active ? (
        <GhostPicker
          open={ghosts.pickerOpen}
          onOpenChange={ghosts.setPickerOpen}
          data={ghosts.candidates}
          error={ghosts.candidatesError}
          pick={ghosts.pick}
          onPick={ghosts.setPick}
          units={units}
        />
      ) : null,
  };
}
