export { ChallengesPage } from './routes/ChallengesPage';
export { ChallengePage } from './routes/ChallengePage';
