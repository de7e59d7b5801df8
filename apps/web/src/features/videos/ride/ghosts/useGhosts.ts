import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GhostRide, GhostsResponse } from '@ridealong/contracts';
import { ghostPointsQuery, ghostsQuery } from '../../api/queries';
import { ghostsForRide, type GhostPick } from './ghostBoard';
import { GhostWindows, windowOf, windowsToFetch, type GhostPlace } from './ghostWindows';

/** A window that failed is asked for again after this long. */
const RETRY_MS = 5_000;

export type GhostsInput = {
  /** The video's numeric id (the ghosts' routes take no url). */
  raceId: number;
  /** A solo reactive ride (or the page before one): ghosts are offered. */
  enabled: boolean;
  /** The ride is on (countdown included): the ghosts are fixed and their points read. */
  riding: boolean;
  /** The ride's own seconds and the rider's metres along the route. */
  elapsed: number;
  riderDistance: number;
};

/** Where everyone is now, for the road profile's markers (read a few times a second). */
export type GhostPositions = {
  rider: number;
  ghosts: ReadonlyMap<number, GhostPlace | null>;
};

export type Ghosts = {
  /** The picker: open it to read the candidates. */
  pickerOpen: boolean;
  setPickerOpen: (open: boolean) => void;
  candidates: GhostsResponse | undefined;
  candidatesError: boolean;
  pick: GhostPick;
  setPick: (pick: GhostPick) => void;
  /** The ghosts of the ride on (empty before Start and without candidates). */
  riding: readonly GhostRide[];
  /** Each ghost at the ride's latest second; changes when the rider or a window does. */
  placeAt: (elapsed: number, riderDistance: number) => Map<number, GhostPlace | null>;
  /** The same at the latest second seen, without React (a stable function). */
  positions: () => GhostPositions;
};

/**
 * The ghosts of a reactive ride: the candidates (read when the picker opens or the ride
 * starts), the rider's pick or the app's, fixed at Start, and their points read a window
 * ahead of the ride second and kept for the ride.
 */
export function useGhosts(input: GhostsInput): Ghosts {
  const { raceId, enabled, riding, elapsed, riderDistance } = input;
  const client = useQueryClient();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pick, setPick] = useState<GhostPick>('auto');
  const [ridingGhosts, setRidingGhosts] = useState<readonly GhostRide[] | null>(null);
  const [, setVersion] = useState(0);
  const [retry, setRetry] = useState(0);
  const windows = useRef(new GhostWindows());
  const asked = useRef(new Set<number>());
  const latest = useRef({ elapsed, riderDistance });
  useEffect(() => {
    latest.current = { elapsed, riderDistance };
  }, [elapsed, riderDistance]);

  const candidates = useQuery({
    ...ghostsQuery(raceId),
    enabled: enabled && (pickerOpen || riding),
  });

  // Fixed at Start; a new ride starts over.
  const data = candidates.data;
  useEffect(() => {
    if (!enabled || !riding) {
      setRidingGhosts(null);
      windows.current = new GhostWindows();
      asked.current = new Set();
      return;
    }
    if (data) setRidingGhosts((fixed) => fixed ?? ghostsForRide(pick, data));
  }, [enabled, riding, data, pick]);

  const windowFrom = windowOf(elapsed);
  useEffect(() => {
    if (!ridingGhosts || ridingGhosts.length === 0) return;
    const ids = ridingGhosts.map((g) => g.track_id);
    const store = windows.current;
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const from of windowsToFetch(windowFrom, asked.current, store.endFrom)) {
      asked.current.add(from);
      client.fetchQuery(ghostPointsQuery(raceId, ids, from)).then(
        (points) => {
          if (windows.current !== store) return; // another ride's answer
          store.add(points, ids);
          setVersion((v) => v + 1);
        },
        () => {
          if (windows.current !== store) return;
          asked.current.delete(from);
          timers.push(setTimeout(() => setRetry((n) => n + 1), RETRY_MS));
        },
      );
    }
    return () => timers.forEach((t) => clearTimeout(t));
  }, [client, raceId, ridingGhosts, windowFrom, retry]);

  const fixed = ridingGhosts ?? NONE;
  const placeAt = useCallback(
    (second: number, distance: number) =>
      new Map(fixed.map((g) => [g.track_id, windows.current.place(g.track_id, second, distance)])),
    [fixed],
  );
  const positions = useCallback(
    () => ({
      rider: latest.current.riderDistance,
      ghosts: placeAt(latest.current.elapsed, latest.current.riderDistance),
    }),
    [placeAt],
  );

  return {
    pickerOpen,
    setPickerOpen,
    candidates: data,
    candidatesError: candidates.isError,
    pick,
    setPick,
    riding: fixed,
    placeAt,
    positions,
  };
}

const NONE: readonly GhostRide[] = [];
