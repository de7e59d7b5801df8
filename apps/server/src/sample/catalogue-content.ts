import { DEMO_VIDEO_URL } from '@ridealong/contracts';
import type { SampleRoute } from './route.js';
import type { ScenerySpec } from './scenery.js';

/** The creators of the sample catalogue (the sample member is one of them). */
export type SampleCreator = {
  email: string;
  displayName: string;
  channelTitle: string;
  channelDescription: string;
};

export type SampleVideo = {
  url: string;
  title: string;
  description: string;
  creator: string;
  durationS: number;
  /** 1080 gives HD and SD renditions, 540 SD only. */
  height: 540 | 1080;
  route: SampleRoute;
  theme: ScenerySpec['theme'];
  searchVisible?: boolean;
  exclusive?: boolean;
  /** A free sampler this month. */
  sampler?: boolean;
};

export const SAMPLE_CREATORS: readonly SampleCreator[] = [
  {
    email: 'coast@ridealong.local',
    displayName: 'Coastal Cycling',
    channelTitle: 'Coastal Cycling',
    channelDescription: 'Sea breeze, rolling headlands and long flat recoveries.',
  },
  {
    email: 'alps@ridealong.local',
    displayName: 'Alpine Roads',
    channelTitle: 'Alpine Roads',
    channelDescription: 'Passes and switchbacks filmed at a steady tempo.',
  },
];

const route = (hills: SampleRoute['hills'], speedMps: number, base: number): SampleRoute => ({
  speedMps,
  baseElevationM: base,
  hills,
  start: { lat: 43.7 + base / 10_000, lon: 7.2 + speedMps / 100 },
  headingDeg: 35,
});

const GREEN = { sky: [110, 160, 235], hills: [70, 100, 120], ground: [40, 110, 45] } as const;
const DRY = { sky: [120, 170, 240], hills: [120, 105, 90], ground: [150, 135, 60] } as const;
const ALPINE = { sky: [90, 140, 230], hills: [150, 160, 175], ground: [60, 100, 60] } as const;

/**
 * Short rides so the first start stays under 3 minutes on 2 cores. demo-video comes first: the
 * desktop app's attract screen (/demo) plays it from the first idle minute of a fresh install.
 */
export const SAMPLE_VIDEOS: readonly SampleVideo[] = [
  {
    url: DEMO_VIDEO_URL,
    title: 'Demo ride',
    description: 'The video the desktop app plays in demo mode.',
    creator: 'alps@ridealong.local',
    durationS: 30,
    height: 540,
    route: route([[10, 800, 0]], 8, 600),
    theme: ALPINE,
    searchVisible: false,
  },
  {
    url: 'sample-coastal-rollers',
    title: 'Coastal Rollers',
    description: 'Short punchy rises along the coast road. Good for a first ride.',
    creator: 'coast@ridealong.local',
    durationS: 60,
    height: 540,
    route: route(
      [
        [8, 600, 0],
        [3, 170, 1],
      ],
      9,
      40,
    ),
    theme: GREEN,
    sampler: true,
  },
  {
    url: 'sample-alpine-pass',
    title: 'Alpine Pass Climb',
    description: 'A steady climb to the pass in full HD, with a fast descent at the end.',
    creator: 'alps@ridealong.local',
    durationS: 20,
    height: 1080,
    route: route(
      [
        [25, 900, -1.2],
        [4, 230, 0],
      ],
      6,
      1400,
    ),
    theme: ALPINE,
    exclusive: true,
  },
  {
    url: 'sample-vineyard-hills',
    title: 'Vineyard Hills',
    description: 'Gravel-coloured lanes between the vines; two short climbs.',
    creator: 'rider@ridealong.local',
    durationS: 45,
    height: 540,
    route: route(
      [
        [12, 700, 0.4],
        [4, 260, 2],
      ],
      8,
      220,
    ),
    theme: DRY,
  },
  {
    // The Three Roads Tour's mountain road: the Alpine Pass is Pro-only, and sample content
    // must be completable on a trial.
    url: 'sample-alpine-foothills',
    title: 'Alpine Foothills',
    description: 'A gentle valley road below the pass: one long, steady rise and a short drop.',
    creator: 'alps@ridealong.local',
    durationS: 30,
    height: 540,
    route: route(
      [
        [6, 900, 0.3],
        [3, 200, 1.5],
      ],
      7,
      900,
    ),
    theme: ALPINE,
  },
];
