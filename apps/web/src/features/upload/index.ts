export { NewVideoPage } from './routes/NewVideoPage';
export { DesktopUploaderPage } from './routes/DesktopUploaderPage';
