export { HomePage } from './routes/HomePage';
export { FeaturedPage } from './routes/FeaturedPage';
