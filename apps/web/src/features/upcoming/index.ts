export { UpcomingPage } from './UpcomingPage';
