import { useUserStore } from '../../../stores/user';
import { connectGroupChannel } from './groupSocket';

/**
 * Leaves an event this page created but will not ride (the page was left while it was being
 * created): the host leaving a waiting room cancels it (the server's host rule), so no event
 * is listed with nobody there. Its own connection, closed once the server answered.
 */
export function leaveUnridden(roomId: number): void {
  const transport = connectGroupChannel(useUserStore.getState().user.token);
  void transport
    .request('group-leave-room', { roomId })
    .catch(() => undefined)
    .finally(() => transport.close());
}
