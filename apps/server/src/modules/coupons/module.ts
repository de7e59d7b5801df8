import type { ModuleDefinition } from '../../shape/server-module.js';
import { usersRepository } from '../users/index.js';
import { couponsRepository } from './repository.js';
import { couponsRoutes } from './routes.js';
import { couponsService } from './service.js';

/** Coupons: admins make them, members redeem them for plan time (docs/billing.md). */
export const couponsModule: ModuleDefinition = {
  name: 'coupons',
  build: ({ db, authLimits }) => ({
    name: 'coupons',
    apiRoutes: [
      couponsRoutes(
        couponsService({ db, coupons: couponsRepository(db), users: usersRepository(db) }),
        authLimits,
      ),
    ],
  }),
};
