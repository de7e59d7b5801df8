import { changeDurationResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** POST /races/change-duration/: the video ended away from its recorded duration (1 %). */
export async function changeRaceDuration(raceId: number, seconds: number): Promise<void> {
  await apiRequest('/races/change-duration/', {
    method: 'POST',
    body: { race_id: raceId, new_duration: seconds },
    schema: changeDurationResponseSchema,
  });
}
