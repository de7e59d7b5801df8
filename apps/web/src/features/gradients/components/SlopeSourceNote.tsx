import { Text } from '@mantine/core';
import { SLOPE_SOURCE, type Race } from '@ridealong/contracts';

/** Where the video's slope profile comes from now, in words. */
export function slopeSourceText(race: Pick<Race, 'slope_source_id' | 'gpx_upload_filename'>) {
  switch (race.slope_source_id) {
    case SLOPE_SOURCE.cameraGps:
      return "The slope profile comes from the camera's GPS.";
    case SLOPE_SOURCE.gpx:
      return race.gpx_upload_filename
        ? `The slope profile comes from the GPX file ${race.gpx_upload_filename}.`
        : 'The slope profile comes from a GPX file.';
    default:
      return 'This video has no slope profile yet: trainers ride it as a flat road.';
  }
}

export function SlopeSourceNote({ race }: { race: Race }) {
  return (
    <Text size="sm" fw={600} data-testid="slope-source">
      {slopeSourceText(race)}
    </Text>
  );
}
