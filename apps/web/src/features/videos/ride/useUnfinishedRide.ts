import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../../stores/user';
import { finishRide } from './finishRide';
import { PointBuffer, type StoredRide } from './pointBuffer';
import { refreshUser } from '../../../lib/refreshUser';
import { connectRideChannel } from './rideSocket';

type Offer = { ride: StoredRide; busy: boolean; error: string | null };

/**
 * A ride of this video left unfinished in this browser (a reload or a crash mid-ride): offered
 * on load, to save what was recorded (resend its points, then stop-track) or to discard it.
 */
export function useUnfinishedRide(raceUrl: string, enabled: boolean) {
  const navigate = useNavigate();
  const userId = Number(useUserStore((s) => s.user.userId));
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    if (!enabled || !(userId > 0)) return;
    let cancelled = false;
    void (async () => {
      const buffer = await PointBuffer.open();
      try {
        // A ride left during its countdown recorded nothing: there is nothing to offer.
        const [latest] = (await buffer.unfinished(raceUrl, userId)).filter(
          (r) => r.last_elapsed >= 0,
        );
        if (!cancelled && latest) setOffer({ ride: latest, busy: false, error: null });
      } finally {
        buffer.close();
      }
    })().catch(() => undefined); // no IndexedDB (a private window): nothing to offer
    return () => {
      cancelled = true;
    };
  }, [enabled, raceUrl, userId]);

  const finish = async (discard: boolean) => {
    if (!offer || offer.busy) return;
    setOffer({ ...offer, busy: true, error: null });
    const user = useUserStore.getState().user;
    const transport = connectRideChannel(user.token);
    const buffer = await PointBuffer.open().catch(() => null);
    try {
      if (!buffer) throw new Error('This browser cannot reach the saved ride.');
      const saved = await finishRide(transport, buffer, offer.ride.client_ride_id, {
        discard,
        stravaAutoSave: user.strava_auto_save === true,
      });
      setOffer(null);
      if (!discard && saved?.saved) {
        await refreshUser().catch(() => undefined);
        void navigate('/activities');
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : 'Something went wrong.';
      setOffer({ ...offer, busy: false, error: message });
    } finally {
      transport.close();
      buffer?.close();
    }
  };

  return {
    offer,
    save: () => void finish(false),
    discard: () => void finish(true),
    /** The rider goes on riding it: the offer is done (the ride keeps its local copy). */
    dismiss: () => setOffer(null),
  };
}
