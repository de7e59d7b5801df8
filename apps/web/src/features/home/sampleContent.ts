import type { ChannelRef } from '../../components/media/MediaCard';

/**
 * Fixed sample data of the challenges carousel (document 000 section 2: "Carousel content is
 * fixed sample data"). Workouts and channels come from the API; challenges arrive later.
 */

export type SampleChallenge = {
  id: number;
  title: string;
  /** The three videos together. */
  durationSeconds: number;
  thumbnail: string;
  channel: ChannelRef;
  hasSlope: boolean;
};

const thumb = (name: string) => `/sample/${name}.svg`;

const coastal: ChannelRef = { id: 101, title: 'Coastal Cruisers' };
const alpine: ChannelRef = { id: 102, title: 'Alpine Legends' };
const desert: ChannelRef = { id: 103, title: 'Desert Miles' };
const wanderers: ChannelRef = { id: 105, title: 'Weekend Wanderers' };

export const SAMPLE_CHALLENGES: SampleChallenge[] = [
  {
    id: 201,
    title: 'Alpine Triple Crown',
    durationSeconds: 10340,
    thumbnail: thumb('alpine-pass'),
    channel: alpine,
    hasSlope: true,
  },
  {
    id: 202,
    title: 'Coastal Classics',
    durationSeconds: 7420,
    thumbnail: thumb('coast-highway'),
    channel: coastal,
    hasSlope: true,
  },
  {
    id: 203,
    title: 'Desert Heat Week',
    durationSeconds: 6385,
    thumbnail: thumb('desert-canyon'),
    channel: desert,
    hasSlope: true,
  },
  {
    id: 204,
    title: 'City Lights Series',
    durationSeconds: 5130,
    thumbnail: thumb('river-city'),
    channel: wanderers,
    hasSlope: false,
  },
];
