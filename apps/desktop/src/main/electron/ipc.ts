import { ipcMain } from 'electron';
import type { IpcPort } from '../ports.js';

/** ipcMain with each message's sender (web contents, frame URL, main frame or not). */
export const electronIpc: IpcPort = {
  on(channel, listener) {
    ipcMain.on(channel, (event, payload: unknown) => {
      const frame = event.senderFrame;
      listener(
        {
          webContentsId: event.sender.id,
          // A frame that navigated away or was removed meanwhile: no URL, refused.
          frameUrl: frame?.url ?? '',
          isMainFrame: frame ? frame.parent === null : false,
        },
        payload,
      );
    });
  },
};
