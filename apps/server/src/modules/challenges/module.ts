import type { ModuleDefinition } from '../../shape/server-module.js';
import { challengeJobHandlers, type ChallengeJobs } from './jobs.js';
import { membersRepository } from './members-repository.js';
import { challengesRepository } from './repository.js';
import { challengesRoutes } from './routes.js';
import { challengesService } from './service.js';
import { challengeCheckers, challengeSubscribers } from './subscribers.js';

/** Challenges: their lists, progress, leaderboards, and how rides and videos move them. */
export const challengesModule: ModuleDefinition<ChallengeJobs> = {
  name: 'challenges',
  build: ({ db, jobs, rateLimiter, signer, services }) => {
    const rows = challengesRepository(db);
    const challenges = challengesService({
      challenges: rows,
      members: membersRepository(db),
      jobs,
      limiter: rateLimiter,
    });
    const presenter = services.need('userPresenter');
    // Every User answer lists the member's challenges.
    presenter.challenges.set((userId) => challenges.summaries(userId));
    return {
      name: 'challenges',
      apiRoutes: [challengesRoutes(challenges, signer, presenter.present)],
      jobs: challengeJobHandlers(db),
      subscribers: challengeSubscribers(db, jobs),
      checkers: challengeCheckers(rows),
    };
  },
};
