export { ProfilePage } from './routes/ProfilePage';
export { StravaRedirectPage } from './routes/StravaRedirectPage';
