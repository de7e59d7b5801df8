import { useCallback, useEffect, useRef, useState } from 'react';
import { getAppTrackerBridge, openConnectDevice, reconnectsHere } from '../../../lib/connectDevice';
import { useGeneralStore } from '../../../stores/general';
import { selectHasLiveDevice, trainerSettling, useTrackerStore } from '../../../stores/tracker';
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
  const expected = reconnectsHere(electronMode);
  const settling = useTrackerStore((s) => trainerSettling(s, expected));
  const drawerOpen = useTrackerStore((s) => s.panelOpen);
  const trackerWindowUp = useTrackerWindowUp();
  // The app's window only keeps the signal while no trainer is live: once one is, the ride
  // starts in this window at once, as it did before the window was followed.
  const panelOpen = drawerOpen || (trackerWindowUp.up && !live);
  const [asked, setAsked] = useState(false);
  const connectedFor = useRef(false);
  // A new signal asks again.
  useEffect(() => {
    if (signal) return;
    connectedFor.current = false;
    setAsked(false);
  }, [signal]);
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
  // Each step acts once, also when StrictMode runs the effect twice: Connect Device opens once
  // per signal, and the signal is consumed (checked and cleared) before anything else.
  const openWindow = trackerWindowUp.open;
  useEffect(() => {
    if (step === 'none' || step === 'wait') return;
    if (step === 'connect') {
      if (connectedFor.current) return;
      connectedFor.current = true;
      setAsked(true);
      if (getAppTrackerBridge()) openWindow();
      openConnectDevice(Number(useUserStore.getState().user.userId));
      return;
    }
    const general = useGeneralStore.getState();
    if (!general.startSignal) return;
    general.setStartSignal(false);
    if (step === 'ride') actions.current.rideAlone();
    else if (step === 'offer') actions.current.showWays();
  }, [step, openWindow]);

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

/**
 * The desktop app's tracker window, which the page cannot see: taken as up from its opening
 * until this window has lost the focus to it and got it back (the rider closed it, or came
 * back without connecting). Without that blur it stays up, as the drawer would.
 */
function useTrackerWindowUp() {
  const [up, setUp] = useState(false);
  useEffect(() => {
    if (!up) return;
    let left = false;
    const onBlur = () => {
      left = true;
    };
    const onFocus = () => {
      if (left) setUp(false);
    };
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, [up]);
  const open = useCallback(() => setUp(true), []);
  return { up, open };
}
