import { DEFAULT_TRAINER_SETTINGS, type TrainerSettings } from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';

type ProfileFields = { trainer_difficulty?: number | null; trainer_downhill?: number | null };

/** The rider's slope settings as kept on the profile, with the defaults filled in. */
export function trainerSettingsOf(user: ProfileFields): TrainerSettings {
  return {
    difficulty: user.trainer_difficulty ?? DEFAULT_TRAINER_SETTINGS.difficulty,
    downhill: user.trainer_downhill ?? DEFAULT_TRAINER_SETTINGS.downhill,
  };
}

/** The signed-in rider's settings, or null for a guest (nothing of theirs to apply). */
export function profileTrainerSettings(): TrainerSettings | null {
  const { user } = useUserStore.getState();
  return user.userId ? trainerSettingsOf(user) : null;
}
