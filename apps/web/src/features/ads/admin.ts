// The admin page's section: loaded only by /admin (app/houseAds.ts), never with a slot.
export { HouseAdsSection } from './admin/HouseAdsSection';
