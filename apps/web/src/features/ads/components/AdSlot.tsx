import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  AD_TEXT,
  REMOVE_ADS_PATH,
  servesAds,
  type AdSlot as AdSlotName,
  type HouseAd,
} from '@ridealong/contracts';
import { useUserStore } from '../../../stores/user';
import { adServingQuery, reportImpression } from '../api/queries';
import classes from './AdSlot.module.css';
import { useSeenOnce } from './useSeenOnce';

/** How long a third-party tag may take to load before the house ad takes its place. */
export const TAG_TIMEOUT_MS = 5000;

/**
 * One ad slot (issue 27). Asks the server only when the viewer's plan is served ads (the server
 * decides anyway); renders nothing when there is no ad, the request fails or the image does not
 * load, so an ad never holds up or breaks the page. Placed after a page's main content, so its
 * arrival moves nothing the viewer is reading.
 */
export function AdSlot({ slot }: { slot: AdSlotName }) {
  const user = useUserStore((s) => s.user);
  const wanted = servesAds(user.userId === '' ? null : user);
  const serving = useQuery({ ...adServingQuery(slot, user.token), enabled: wanted });
  const [tagFailed, setTagFailed] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const data = wanted ? serving.data : undefined;
  if (!data) return null;
  if (data.tag && !tagFailed)
    return (
      <AdFrame>
        <TagFrame src={data.tag.src} onFail={() => setTagFailed(true)} />
      </AdFrame>
    );
  if (!data.ad || imageFailed) return null;
  return <HouseAdView ad={data.ad} slot={slot} onImageError={() => setImageFailed(true)} />;
}

/** The slot's frame: the visible label and the way out of ads. */
function AdFrame({ children, frameRef }: { children: ReactNode; frameRef?: Ref<HTMLElement> }) {
  return (
    <aside ref={frameRef} aria-label={AD_TEXT.label} data-testid="ad-slot" className={classes.slot}>
      <div className={classes.head}>
        <span>{AD_TEXT.label}</span>
        <Link to={REMOVE_ADS_PATH} className={classes.remove}>
          {AD_TEXT.removeAds}
        </Link>
      </div>
      {children}
    </aside>
  );
}

type HouseAdViewProps = { ad: HouseAd; slot: AdSlotName; onImageError: () => void };

function HouseAdView({ ad, slot, onImageError }: HouseAdViewProps) {
  const ref = useRef<HTMLElement>(null);
  // Seen only once its image has loaded: a slot whose image fails collapses unseen.
  const [loaded, setLoaded] = useState(false);
  useSeenOnce(ref, loaded ? `${slot}/${ad.id}` : null, () => reportImpression(ad.id, slot));
  const link = { href: ad.click_url, target: '_blank', rel: 'noopener noreferrer sponsored' };
  return (
    <AdFrame frameRef={ref}>
      <div className={classes.body}>
        <a {...link} className={classes.imageLink}>
          <img
            src={ad.image_url}
            alt={ad.title}
            onLoad={() => setLoaded(true)}
            onError={onImageError}
            className={classes.image}
          />
        </a>
        <a {...link} className={classes.title}>
          {ad.title}
        </a>
      </div>
    </AdFrame>
  );
}

/**
 * A third-party tag in a sandbox: no same-origin access, no top navigation, no referrer. The
 * wait for it starts when the slot comes into view (a lazy frame loads only then).
 */
function TagFrame({ src, onFail }: { src: string; onFail: () => void }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const loaded = useRef(false);
  const fail = useRef(onFail);
  fail.current = onFail;
  const [waiting, setWaiting] = useState(false);
  useSeenOnce(ref, src, () => setWaiting(true));
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      if (!loaded.current) fail.current();
    }, TAG_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return (
    <iframe
      ref={ref}
      src={src}
      sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      title={AD_TEXT.label}
      loading="lazy"
      width={728}
      height={90}
      className={classes.frame}
      onLoad={() => {
        loaded.current = true;
      }}
      onError={() => fail.current()}
    />
  );
}
