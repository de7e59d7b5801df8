export { ActivitiesPage } from './routes/ActivitiesPage';
