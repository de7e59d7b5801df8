import { changeDurationResponseSchema, userSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

/** POST /races/change-duration/: the video ended away from its recorded duration (1 %). */
export async function changeRaceDuration(raceId: number, seconds: number): Promise<void> {
  await apiRequest('/races/change-duration/', {
    method: 'POST',
    body: { race_id: raceId, new_duration: seconds },
    schema: changeDurationResponseSchema,
  });
}

/** After a saved track the stored user is replaced by the server's copy (as at app start). */
export async function refreshUser(): Promise<void> {
  const { userId } = useUserStore.getState().user;
  if (!userId) return;
  const { data } = await apiRequest(`/users/${userId}`, { schema: userSchema });
  useUserStore.getState().updateUser(data);
}
