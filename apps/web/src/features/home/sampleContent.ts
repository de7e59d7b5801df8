/**
 * Fixed sample data of the home and featured carousels (document 000 section 2: "Carousel
 * content is fixed sample data"). The videos work wires real lists in later.
 */

export type ChannelRef = { id: number; title: string };

export type SampleWorkout = {
  /** The video identifier used in /video/{url}. */
  url: string;
  title: string;
  durationSeconds: number;
  thumbnail: string;
  channel: ChannelRef;
  /** Gradient data present (slope_source_id 1 or 2): the trainer follows the road. */
  hasSlope: boolean;
};

export type SampleChannel = ChannelRef & {
  tagline: string;
  workoutCount: number;
  thumbnail: string;
};

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
const timber: ChannelRef = { id: 104, title: 'Trail & Timber' };
const wanderers: ChannelRef = { id: 105, title: 'Weekend Wanderers' };
const dolomiti: ChannelRef = { id: 106, title: 'Dolomiti Dreams' };

export const SAMPLE_WORKOUTS: SampleWorkout[] = [
  {
    url: 'big-sur-coast-highway',
    title: 'Big Sur: Pacific Coast Highway',
    durationSeconds: 2900,
    thumbnail: thumb('coast-highway'),
    channel: coastal,
    hasSlope: true,
  },
  {
    url: 'stelvio-pass-climb',
    title: 'Stelvio Pass Climb',
    durationSeconds: 4325,
    thumbnail: thumb('alpine-pass'),
    channel: alpine,
    hasSlope: true,
  },
  {
    url: 'moab-canyon-loop',
    title: 'Moab Canyon Loop',
    durationSeconds: 2205,
    thumbnail: thumb('desert-canyon'),
    channel: desert,
    hasSlope: true,
  },
  {
    url: 'redwood-forest-spin',
    title: 'Redwood Forest Recovery Spin',
    durationSeconds: 1930,
    thumbnail: thumb('forest-trail'),
    channel: timber,
    hasSlope: false,
  },
  {
    url: 'lake-como-shoreline',
    title: 'Lake Como Shoreline',
    durationSeconds: 2490,
    thumbnail: thumb('lakeside-loop'),
    channel: alpine,
    hasSlope: true,
  },
  {
    url: 'napa-valley-vineyards',
    title: 'Napa Valley Vineyard Roll',
    durationSeconds: 1675,
    thumbnail: thumb('vineyard-hills'),
    channel: wanderers,
    hasSlope: false,
  },
  {
    url: 'passo-giau-dawn',
    title: 'Passo Giau at Dawn',
    durationSeconds: 3240,
    thumbnail: thumb('dolomites-dawn'),
    channel: dolomiti,
    hasSlope: true,
  },
  {
    url: 'cotswolds-country-lanes',
    title: 'Cotswolds Country Lanes',
    durationSeconds: 2710,
    thumbnail: thumb('rolling-farmland'),
    channel: wanderers,
    hasSlope: true,
  },
];

export const SAMPLE_CHANNELS: SampleChannel[] = [
  {
    ...coastal,
    tagline: 'Sea air and ocean views',
    workoutCount: 14,
    thumbnail: thumb('coast-highway'),
  },
  {
    ...alpine,
    tagline: 'Legendary mountain passes',
    workoutCount: 23,
    thumbnail: thumb('alpine-pass'),
  },
  {
    ...desert,
    tagline: 'Red rock and open roads',
    workoutCount: 9,
    thumbnail: thumb('desert-canyon'),
  },
  {
    ...timber,
    tagline: 'Quiet trails under tall trees',
    workoutCount: 12,
    thumbnail: thumb('forest-trail'),
  },
  {
    ...wanderers,
    tagline: 'Easy miles, great scenery',
    workoutCount: 31,
    thumbnail: thumb('river-city'),
  },
  {
    ...dolomiti,
    tagline: 'Sunrise climbs in the Dolomites',
    workoutCount: 7,
    thumbnail: thumb('dolomites-dawn'),
  },
];

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
