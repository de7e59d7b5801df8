import type { ModuleDefinition } from '../../shape/server-module.js';
import { promoteAdmins } from './admin-emails.js';

/** Accounts named in ADMIN_EMAILS are admins from start; new ones at sign-up or sign-in. */
export const adminsModule: ModuleDefinition = {
  name: 'admins',
  build: async ({ db, config }) => {
    await promoteAdmins(db, config.adminEmails);
    return { name: 'admins' };
  },
};
