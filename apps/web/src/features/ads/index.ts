// The slot only: a page's first load takes it. The admin section loads apart (./admin).
export { AdSlot } from './components/AdSlot';
