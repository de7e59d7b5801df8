import type { ModuleDefinition } from '../../shape/server-module.js';
import { expirySweep } from './expiry-sweep.js';
import type { PaymentsStandIn } from './payments-standin.js';
import { payments } from './payments.js';

/** Plans and payments (docs/billing.md): Stripe or the local stand-in, and trials' ends. */
export const billingModule = (standIn: PaymentsStandIn): ModuleDefinition => ({
  name: 'billing',
  build: async ({ config, db, log }) => {
    const built = await payments({ config, db, log, standIn });
    return {
      name: 'billing',
      apiRoutes: [built.apiRoutes],
      rootRoutes: built.pageRoutes ? [built.pageRoutes] : [],
      // Trials and complimentary grants end on time (see expiry-sweep.ts).
      sweeps: [expirySweep({ db, log })],
    };
  },
});
