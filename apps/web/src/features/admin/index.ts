export { AdminPage } from './routes/AdminPage';
