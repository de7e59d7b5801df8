export { EventsPage } from './routes/EventsPage';
