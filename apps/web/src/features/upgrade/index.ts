export { UpgradePage } from './routes/UpgradePage';
export { VideoUpgradePage } from './routes/VideoUpgradePage';
