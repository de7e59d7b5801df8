import { useCallback, useEffect, useRef, useState } from 'react';
import { getDesktopBridge } from '../../../lib/bridge';
import { ApiError } from '../../../lib/api';
import { usePublicConfig } from '../../../lib/usePublicConfig';
import { useGeneralStore } from '../../../stores/general';
import { useDesktopExchange } from '../api/useDesktopSignin';
import { useSocialSignin } from '../api/useSocialSignin';
import { googleAuthUrl, isGoogleAuthMessage } from '../google';
import {
  GOOGLE_CANCELLED_TEXT,
  GOOGLE_UNAVAILABLE_TEXT,
  POPUP_BLOCKED_TEXT,
  friendlyServerMessage,
} from '../messages';
import { useCompleteSignin } from './useCompleteSignin';

export type GoogleNotice = { text: string; tone: 'error' | 'notice' };

/**
 * Google sign-in. On the web: Google's implicit flow in a popup; /login-success posts the
 * access token back here and we trade it for a session. In the desktop app the app runs the
 * sign-in in the system browser (/desktop-signin there) and hands this window a one-time code
 * ('desktop-signin-received'), traded here for a session of the app's own.
 */
export function useGoogleSignin(redirectParam: string | null) {
  const config = usePublicConfig();
  const electronMode = useGeneralStore((s) => s.electronMode);
  const { mutate: signin, isPending } = useSocialSignin('google');
  const { complete, completing } = useCompleteSignin(redirectParam);
  const [notice, setNotice] = useState<GoogleNotice | null>(null);

  const onToken = useCallback(
    (accessToken: string) => {
      signin(accessToken, {
        onSuccess: complete,
        onError: (e) => {
          if (e instanceof ApiError)
            setNotice({ text: friendlyServerMessage(e.message), tone: 'error' });
          else console.error('Google sign-in failed', e);
        },
      });
    },
    [signin, complete],
  );
  // The listener is added once; it always calls the latest handler.
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isGoogleAuthMessage(event.data)) return;
      if ('accessToken' in event.data) onTokenRef.current(event.data.accessToken);
      else setNotice({ text: GOOGLE_CANCELLED_TEXT, tone: 'notice' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useDesktopSigninReturn(electronMode, complete, setNotice);

  const start = useCallback(() => {
    setNotice(null);
    const bridge = electronMode ? getDesktopBridge() : null;
    if (bridge) {
      bridge.send('external-browser-google-auth', {});
      return;
    }
    if (!config?.googleClientId) {
      setNotice({ text: GOOGLE_UNAVAILABLE_TEXT, tone: 'notice' });
      return;
    }
    const url = googleAuthUrl(config.googleClientId, window.location.origin);
    const popup = window.open(url, 'ridealong-google-signin', 'popup,width=500,height=650');
    if (!popup) setNotice({ text: POPUP_BLOCKED_TEXT, tone: 'notice' });
  }, [config, electronMode]);

  return { start, notice, pending: isPending, completing };
}

/** The desktop app's return from the sign-in in the system browser. */
function useDesktopSigninReturn(
  electronMode: boolean,
  complete: ReturnType<typeof useCompleteSignin>['complete'],
  setNotice: (notice: GoogleNotice) => void,
) {
  const { mutate: exchange } = useDesktopExchange();
  useEffect(() => {
    const bridge = electronMode ? getDesktopBridge() : null;
    if (!bridge) return;
    const offReceived = bridge.on('desktop-signin-received', (payload) => {
      exchange(payload, {
        onSuccess: complete,
        onError: (e) => setNotice({ text: friendlyServerMessage(e.message), tone: 'error' }),
      });
    });
    const offFailed = bridge.on('desktop-signin-failed', ({ message }) =>
      setNotice({ text: message, tone: 'notice' }),
    );
    return () => {
      offReceived();
      offFailed();
    };
  }, [electronMode, exchange, complete, setNotice]);
}
