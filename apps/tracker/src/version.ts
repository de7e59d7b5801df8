import pkg from '../package.json' with { type: 'json' };

/** Reported in every pulse, so the apps can tell which tracker they talk to. */
export const TRACKER_VERSION: string = pkg.version;
