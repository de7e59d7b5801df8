import { useEffect, useRef, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { supportedDesktopVersions } from '@ridealong/contracts';
import { getDesktopBridge } from '../../../lib/bridge';
import { lazyPart, useLazyPart } from '../../../lib/lazyPart';
import { useDesktopDownloads } from '../../../lib/useDesktopDownloads';
import { usePublicConfig } from '../../../lib/usePublicConfig';
import { useGeneralStore } from '../../../stores/general';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { CarouselSections } from '../components/CarouselSections';
import { DownloadPrompt } from '../components/DownloadPrompt';
import { HeroSection } from '../components/HeroSection';
import { PerksBlock } from '../components/PerksBlock';
import { TrainerShowcase } from '../components/TrainerShowcase';
import { decideRoot, trackerUserId } from '../rootRedirect';

/** The promo video's overlay (Mantine's Modal, then shaka) loads when first opened. */
const promoOverlay = lazyPart(
  async () => (await import('../components/PromoVideoOverlay')).PromoVideoOverlay,
);

/**
 * "/": the query-string rules and stored modes first (rootRedirect.ts), then the home page.
 * `ad`: the ads feature's slot, at the end of the page (composed by the router).
 */
export function HomePage({ ad }: { ad?: ReactNode }) {
  const [params] = useSearchParams();
  const electronMode = useGeneralStore((s) => s.electronMode);
  const demoMode = useGeneralStore((s) => s.demoMode);
  const downloads = useDesktopDownloads();
  // The server's version list; the versions this build knows when the server cannot be asked.
  const supported =
    downloads.data?.supported_versions ?? (downloads.isError ? supportedDesktopVersions() : null);
  const decision = decideRoot(params, { electronMode, demoMode }, supported);
  if (decision.kind === 'wait') return null;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'enter-desktop') return <EnterDesktopMode />;
  return <HomeContent ad={ad} />;
}

/** The desktop shell opened "/?electronMode": switch modes, open the tracker, go to /login. */
function EnterDesktopMode() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    // Once only, also under StrictMode's repeated effects: the tracker must open once.
    if (done.current) return;
    done.current = true;
    useGeneralStore.getState().setElectronMode(true);
    const userId = trackerUserId(useUserStore.getState().user.userId);
    getDesktopBridge()?.send('open-tracker', { userId });
    void navigate('/login', { replace: true });
  }, [navigate]);
  return null;
}

function HomeContent({ ad }: { ad?: ReactNode }) {
  const signedIn = useUserStore(selectSignedIn);
  const desktop = useGeneralStore((s) => s.electronMode);
  const [videoOpened, video] = useDisclosure(false);
  const PromoVideoOverlay = useLazyPart(promoOverlay, videoOpened);
  // Asked for with the page, as when the overlay was part of it: the video opens without a wait.
  usePublicConfig();
  return (
    <Box data-testid="home-page">
      {signedIn ? null : <HeroSection desktop={desktop} onWatchVideo={video.open} />}
      {desktop ? null : <DownloadPrompt />}
      <CarouselSections />
      {signedIn ? null : (
        <>
          <TrainerShowcase />
          <PerksBlock />
        </>
      )}
      {/* Last: an ad arriving late moves nothing the visitor is reading. */}
      {ad ? <Box px={{ base: 'md', sm: 'xl' }}>{ad}</Box> : null}
      {PromoVideoOverlay ? <PromoVideoOverlay opened={videoOpened} onClose={video.close} /> : null}
    </Box>
  );
}
