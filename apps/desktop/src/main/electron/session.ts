import { app, session } from 'electron';
import { isPermissionAllowed, withContentSecurityPolicy } from '../security.js';

/** Permissions, the CSP header and a last guard for any web contents made outside the registry. */
export function secureSessions(origin: string): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      isPermissionAllowed(
        {
          permission,
          requestingUrl: details.requestingUrl,
          isMainFrame: details.isMainFrame,
          mediaTypes,
        },
        origin,
      ),
    );
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed(
      {
        permission,
        requestingUrl: details.requestingUrl ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
        mediaTypes: details.mediaType ? [details.mediaType] : undefined,
      },
      origin,
    ),
  );
  // No HID, serial or USB devices for pages: trainers are the tracker's, in the main process.
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onHeadersReceived({ urls: [`${origin}/*`] }, (details, callback) => {
    const headers = withContentSecurityPolicy(details.url, details.responseHeaders ?? {}, origin);
    callback(headers ? { responseHeaders: headers as Record<string, string[]> } : {});
  });

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
