/** The users module's public face: what app.ts and the modules above it may use. */
export { usersModule } from './module.js';
export { type PresentUser } from './presenter.js';
export { usersRepository, type UsersRepository } from './repository.js';
