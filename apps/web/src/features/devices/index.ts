export { ConnectDevicePanel } from './components/ConnectDevicePanel';
export { ConnectDevicePage } from './routes/ConnectDevicePage';
export { DesktopTrackerLink } from './components/DesktopTrackerLink';
