/** The accounts module's public face: what app.ts and the modules above it may use. */
export { accountsModule } from './module.js';
export { accountOpener, type OpenAccount } from './open-account.js';
export { hashPassword } from './passwords.js';
