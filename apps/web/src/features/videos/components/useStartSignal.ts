import { useEffect, useRef, useState } from 'react';
import { openConnectDevice } from '../../../lib/connectDevice';
import { useGeneralStore } from '../../../stores/general';
import {
  reconnectsOnLoad,
  selectHasLiveDevice,
  trackerRemembered,
  trainerSettling,
  useTrackerStore,
} from '../../../stores/tracker';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { startSignalStep } from '../lib/startFlow';

type StartSignalInput = {
  /** The page is in group mode or was entered to join an event. */
  grouped: boolean;
  rideIdle: boolean;
  /** Starts the solo ride in theatre view. */
  rideAlone: () => void;
  /** A plain browser without a trainer: the ways to ride. */
  showWays: () => void;
};

/**
 * The general store's start signal on the video page (document 001 'Video page': entered with
 * the start-state flag, it goes straight into race mode in theatre view). Set by a 'Ride' that
 * navigates here (lib/rideNow.ts); the ride starts as soon as the trainer is live (asking
 * Connect Device once when it is not coming by itself) and the signal is cleared once used, or
 * when the page is left.
 */
export function useStartSignal({ grouped, rideIdle, rideAlone, showWays }: StartSignalInput) {
  const signal = useGeneralStore((s) => s.startSignal);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const signedIn = useUserStore(selectSignedIn);
  const live = useTrackerStore(selectHasLiveDevice);
  const expected = reconnectsOnLoad({ electronMode, remembered: trackerRemembered() });
  const settling = useTrackerStore((s) => trainerSettling(s, expected));
  const panelOpen = useTrackerStore((s) => s.panelOpen);
  const [asked, setAsked] = useState(false);
  const step = startSignalStep({
    signal,
    signedIn,
    electronMode,
    live,
    settling,
    grouped,
    rideIdle,
    panelOpen,
    asked,
  });

  const actions = useRef({ rideAlone, showWays });
  actions.current = { rideAlone, showWays };
  useEffect(() => {
    if (step === 'none' || step === 'wait') return;
    if (step === 'connect') {
      setAsked(true);
      openConnectDevice(Number(useUserStore.getState().user.userId));
      return;
    }
    useGeneralStore.getState().setStartSignal(false);
    if (step === 'ride') actions.current.rideAlone();
    else if (step === 'offer') actions.current.showWays();
  }, [step]);

  // Leaving the page drops a signal still waiting for the trainer (deferred a turn: StrictMode's
  // trial unmount comes back).
  const dropTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(dropTimer.current);
    return () => {
      dropTimer.current = setTimeout(() => useGeneralStore.getState().setStartSignal(false), 0);
    };
  }, []);
}
