import type { ModuleDefinition } from '../../shape/server-module.js';
import { usersRepository } from './repository.js';
import { usersRoutes } from './routes.js';
import { userPresenter, type UserPresenter } from './user-presenter.js';

declare module '../../shape/services.js' {
  interface ModuleServices {
    /** The member's own User answer (user-presenter.ts). */
    userPresenter: UserPresenter;
  }
}

/** Members' profiles and the User answer every module gives a member about themselves. */
export const usersModule: ModuleDefinition = {
  name: 'users',
  build: ({ db, services }) => {
    const presenter = userPresenter();
    services.provide('userPresenter', presenter);
    return { name: 'users', apiRoutes: [usersRoutes(usersRepository(db), presenter.present)] };
  },
};
