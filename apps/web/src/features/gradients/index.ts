export { GradientsTab } from './components/GradientsTab';
