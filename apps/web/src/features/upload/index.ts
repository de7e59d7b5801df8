export { NewVideoPage } from './routes/NewVideoPage';
