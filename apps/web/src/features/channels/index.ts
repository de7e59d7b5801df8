export { MyChannelPage } from './routes/MyChannelPage';
export { ChannelPage } from './routes/ChannelPage';
export { ExploreChannelsPage } from './routes/ExploreChannelsPage';
