export { VideosPage } from './routes/VideosPage';
export { VideoPage, type VideoSoundProps } from './routes/VideoPage';
export type { VideoTabPanelProps, VideoTabPanels } from './components/VideoTabs';
