export { ActivitiesPage } from './routes/ActivitiesPage';
export { ActivityPage } from './routes/ActivityPage';
