import type { ModuleDefinition } from '../../shape/server-module.js';
import { groupNamespace } from './channel.js';
import type { LiveStore } from './live-store.js';
import { openLiveStore } from './open-live-store.js';
import { groupSweep } from './sweep.js';

declare module '../../shape/services.js' {
  interface ModuleServices {
    /** Group rides' presence and latest points (Redis with REDIS_URL). */
    groupLive: LiveStore;
  }
}

/** Group rides over /group (docs/group.md); events end by themselves (the sweep). */
export const groupModule: ModuleDefinition = {
  name: 'group',
  build: async ({ config, db, log, services, onClose }) => {
    const live = await openLiveStore(config.redisUrl, log);
    // Closed last (after the relay and the sweep): close hooks run newest first.
    onClose(() => live.close());
    services.provide('groupLive', live);
    const namespace = groupNamespace({ db, live, log });
    onClose(() => namespace.close());
    return {
      name: 'group',
      namespaces: [namespace],
      sweeps: [
        // Presence is read only where it is everyone's.
        groupSweep({ db, live, log, presenceShared: live.shared || config.roles.realtime }),
      ],
    };
  },
};
