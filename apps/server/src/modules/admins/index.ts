/** The admins module's public face: what app.ts and the modules above it may use. */
export { adminsModule } from './module.js';
export { isAdminEmail } from './admin-emails.js';
