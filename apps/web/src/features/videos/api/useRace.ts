// The video query lives in lib (the upgrade page reads it too); the videos feature keeps its path.
export { useRace } from '../../../lib/useRace';
