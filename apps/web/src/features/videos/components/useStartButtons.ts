import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { openConnectDevice, reconnectsHere } from '../../../lib/connectDevice';
import { useGeneralStore } from '../../../stores/general';
import {
  hasLiveDevice,
  selectHasLiveDevice,
  trainerSettling,
  useTrackerStore,
} from '../../../stores/tracker';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { startAction, TRAINER_WAIT_MS } from '../lib/startFlow';
import { waitForTrainer } from '../lib/waitForTrainer';

type StartButtonsInput = {
  /** The solo ride, in theatre view. */
  rideAlone: () => void;
  /** Hosts a group ride. */
  hostGroup: () => void;
  /** Ride with friends is creating its event: neither button acts until that is answered. */
  creating: boolean;
};

/**
 * The overlay's Start and Ride with friends (startFlow.ts has the rules): each rides once a
 * trainer is live, else opens a way to get one. While either is in flight (waiting for the
 * trainer, creating the event) neither acts, and a press still waiting when the page is left
 * does nothing after it.
 */
export function useStartButtons({ rideAlone, hostGroup, creating }: StartButtonsInput) {
  const navigate = useNavigate();
  const electronMode = useGeneralStore((s) => s.electronMode);
  const signedIn = useUserStore(selectSignedIn);
  const userId = useUserStore((s) => s.user.userId);
  /** Start waits for a trainer that is reconnecting. */
  const [waiting, setWaiting] = useState(false);
  /** A plain browser's Start without a trainer: the ways to ride. */
  const [waysOpen, setWaysOpen] = useState(false);
  const live = useTrackerStore(selectHasLiveDevice);
  // The ways to ride are for getting a trainer: once one is live they have done their part.
  useEffect(() => {
    if (live) setWaysOpen(false);
  }, [live]);

  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  // Set at once: a second press in the same frame finds it.
  const pressed = useRef(false);
  const busy = waiting || creating;

  const withTrainer = async (then: () => void) => {
    if (pressed.current || busy) return;
    const expected = reconnectsHere(electronMode);
    const tracker = useTrackerStore.getState();
    const action = startAction({
      signedIn,
      electronMode,
      live: hasLiveDevice(tracker),
      settling: trainerSettling(tracker, expected),
    });
    if (action === 'sign-in') return void navigate('/login');
    if (action === 'ride') return then();
    if (action === 'wait') {
      pressed.current = true;
      setWaiting(true);
      const nowLive = await waitForTrainer(expected, TRAINER_WAIT_MS);
      pressed.current = false;
      if (!alive.current) return;
      setWaiting(false);
      if (nowLive) return then();
    }
    if (electronMode) openConnectDevice(Number(userId));
    else setWaysOpen(true);
  };

  return {
    waiting,
    waysOpen,
    closeWays: () => setWaysOpen(false),
    showWays: () => setWaysOpen(true),
    start: () => {
      if (busy) return;
      useGeneralStore.getState().setStartSignal(false);
      void withTrainer(() => {
        setWaysOpen(false);
        rideAlone();
      });
    },
    rideWithFriends: () => void withTrainer(hostGroup),
  };
}
