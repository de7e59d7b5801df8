export { VideosPage } from './routes/VideosPage';
export { VideoPage } from './routes/VideoPage';
