import { periodicTask } from '../../lib/periodic.js';
import type { InterServerBus } from '../../realtime/inter-server-bus.js';
import { AD_CACHE_RELOAD_MS, type ServeableAd } from './rules.js';
import { slotPicker, type SlotPicker } from './slot-picker.js';

type Log = { error: (obj: object, msg: string) => void };

/**
 * This process's house ads, kept in memory so serving a slot queries nothing (issue 27: no
 * database query on a page's hot path). Reloaded at start, on every 'ads-changed' message (an
 * admin's change on any process), and every AD_CACHE_RELOAD_MS in case a message was missed.
 * Dates are checked at serve time, so an ad past its end is never served even before a reload.
 */
export function adsCache(deps: {
  load: () => Promise<ServeableAd[]>;
  interServer: InterServerBus;
  log: Log;
}) {
  let ads: readonly ServeableAd[] = [];
  let byId = new Map<number, ServeableAd>();
  let pickers = new Map<string, SlotPicker>();
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const loadOnce = async () => {
    const loaded = await deps.load();
    const bySlot = new Map<string, ServeableAd[]>();
    for (const ad of loaded) {
      const list = bySlot.get(ad.slot);
      if (list) list.push(ad);
      else bySlot.set(ad.slot, [ad]);
    }
    // Swapped in together, so a serve sees one load whole.
    [ads, byId, pickers] = [
      loaded,
      new Map(loaded.map((ad) => [ad.id, ad])),
      new Map([...bySlot].map(([slot, list]) => [slot, slotPicker(list)])),
    ];
  };

  /**
   * Loads now; a call during a load waits for one more load after it (the change it was told
   * about may have committed after the running load read), and calls meanwhile share that one.
   */
  function reload(): Promise<void> {
    if (!running) {
      running = loadOnce().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return reload();
      });
    return queued;
  }

  let unsubscribe: () => void = () => undefined;
  const safetyNet = periodicTask({
    run: reload,
    firstDelayMs: AD_CACHE_RELOAD_MS,
    everyMs: AD_CACHE_RELOAD_MS,
    onError: (err) => deps.log.error({ err }, 'reloading ads failed'),
  });

  return {
    /** The first load and the safety-net timer; a failing first load stops the start. */
    async start(): Promise<void> {
      unsubscribe = deps.interServer.subscribe('ads-changed', () => {
        reload().catch((err: unknown) => deps.log.error({ err }, 'reloading ads failed'));
      });
      await reload();
      safetyNet.start();
    },
    async stop(): Promise<void> {
      unsubscribe();
      await safetyNet.stop();
    },
    reload,
    /** Every active ad with an image, as last loaded. */
    all: (): readonly ServeableAd[] => ads,
    find: (id: number): ServeableAd | undefined => byId.get(id),
    /** One ad of `slot` within its dates at `now`, by weight (slot-picker.ts: O(log ads)). */
    pick: (slot: string, now: Date, random?: () => number): ServeableAd | null =>
      pickers.get(slot)?.pick(now, random) ?? null,
  };
}

export type AdsCache = ReturnType<typeof adsCache>;
