import { hasLiveDevice, trainerSettling, useTrackerStore } from '../../../stores/tracker';

/**
 * Resolves true as soon as a trainer is live, false once none is coming any more (the tracker
 * not running, no device) or after `timeoutMs`. Start waits on this after a reload, while the
 * page reconnects to the remembered tracker, instead of opening Connect Device.
 */
export function waitForTrainer(expected: boolean, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (live: boolean) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(timer);
      resolve(live);
    };
    const check = () => {
      const s = useTrackerStore.getState();
      if (hasLiveDevice(s)) finish(true);
      else if (!trainerSettling(s, expected)) finish(false);
    };
    const unsubscribe = useTrackerStore.subscribe(check);
    const timer = setTimeout(() => finish(hasLiveDevice(useTrackerStore.getState())), timeoutMs);
    check();
  });
}
