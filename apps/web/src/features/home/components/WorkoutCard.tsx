import { formatBadgeDuration } from '../formatDuration';
import type { SampleWorkout } from '../sampleContent';
import { MediaCard } from './MediaCard';

/** A workout video; opens /video/{url}. */
export function WorkoutCard({ workout }: { workout: SampleWorkout }) {
  const duration = formatBadgeDuration(workout.durationSeconds);
  return (
    <MediaCard
      testId="workout-card"
      to={`/video/${workout.url}`}
      title={workout.title}
      thumbnail={workout.thumbnail}
      badge={duration}
      badgeLabel={`Duration ${duration}`}
      hasSlope={workout.hasSlope}
      channel={workout.channel}
    />
  );
}
