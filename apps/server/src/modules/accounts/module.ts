import type { ModuleDefinition } from '../../shape/server-module.js';
import { usersRepository } from '../users/index.js';
import { desktopSignin } from './desktop-signin.js';
import { desktopSigninRoutes } from './desktop-signin-routes.js';
import { emailCodes } from './email-codes.js';
import { accountOpener } from './open-account.js';
import { busRevocations } from '../../realtime/session-revocations.js';
import { accountsRoutes } from './routes.js';
import { accountsService, startSession } from './service.js';
import { sessionStore, type SessionStore } from './sessions.js';
import { facebookProvider, googleProvider } from './social-providers.js';
import { socialSignin } from './social-signin.js';

declare module '../../shape/services.js' {
  interface ModuleServices {
    /** Signed-in sessions: the API's auth hook and every socket's handshake read them. */
    sessions: SessionStore;
  }
}

/** Sign-up, sign-in (e-mail, Google, Facebook, the desktop hand-off), sessions and recovery. */
export const accountsModule: ModuleDefinition = {
  name: 'accounts',
  build: ({ config, db, mailer, interServer, authLimits, services }) => {
    const users = usersRepository(db);
    // Ended sessions travel on the inter-server bus: a logout served here ends the rider's
    // sockets wherever they are.
    const sessions = sessionStore(db, config.sessionTtlMs, busRevocations(interServer));
    services.provide('sessions', sessions);
    const openAccount = accountOpener(db, config);
    const { adminEmails } = config;
    const presentUser = services.need('userPresenter').present;
    const accounts = accountsService({
      users,
      sessions,
      codes: emailCodes(db),
      mailer,
      publicUrl: config.publicUrl,
      openAccount,
      adminEmails,
    });
    return {
      name: 'accounts',
      apiRoutes: [
        accountsRoutes({
          accounts,
          limit: authLimits,
          social: {
            google: config.google ? googleProvider(config.google) : null,
            facebook: config.facebook ? facebookProvider(config.facebook) : null,
          },
          socialSignin: (p) => socialSignin({ db, users, sessions, openAccount, adminEmails }, p),
          presentUser,
        }),
        desktopSigninRoutes(
          desktopSignin({
            db,
            startSession: (userId) => startSession({ users, sessions, adminEmails }, userId),
          }),
          authLimits,
          presentUser,
        ),
      ],
    };
  },
};
