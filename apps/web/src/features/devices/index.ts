export { ConnectDevicePanel } from './components/ConnectDevicePanel';
