/** Who reads the 'Learn more' text: the desktop app, or a browser (document 001 '/events'). */
export type LearnMoreReader = 'desktop' | 'browser';

export function learnMoreReader(electronMode: boolean): LearnMoreReader {
  return electronMode ? 'desktop' : 'browser';
}

export const LEARN_MORE_TEXT: Record<LearnMoreReader, string> = {
  desktop:
    // The documents say 'click Start'; Start now rides alone and 'Ride with friends' hosts
    // (docs/decisions.md, 'Start rides alone').
    'Connect your smart trainer, pick a video from the collection and click Ride with friends: ' +
    'others can join your ride from this page. To ride with a group already gathering, click ' +
    'Join on one of the events below.',
  browser:
    'Live events are ridden in the RideAlong desktop app. Download it for Mac or Windows, ' +
    'connect your smart trainer and join an event below, or host your own from any video.',
};

/** Only a browser is offered the installer: the desktop app is already installed. */
export function offersDownload(reader: LearnMoreReader): boolean {
  return reader === 'browser';
}
