import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { startPixel, stopPixel, trackPageView } from '@/lib/pixel';

/**
 * The consented pixel: loaded (Meta's snippet, `init`) when shown, a page view now and on
 * every later location (not on re-renders), stopped when consent is withdrawn (unmounted).
 */
export default function Pixel({ scriptUrl, id }: { scriptUrl: string; id: string }) {
  const { key } = useLocation();

  useEffect(() => {
    startPixel({ script_url: scriptUrl, id });
    return stopPixel;
  }, [scriptUrl, id]);

  useEffect(() => {
    trackPageView(key);
  }, [scriptUrl, id, key]);

  return null;
}
