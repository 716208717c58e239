import { lazy, Suspense } from 'react';
import { useConsent } from '@/lib/consent';
import { useWebSettings } from '@/lib/web-settings';

// Loaded only once the visitor accepted advertising and a pixel is configured.
const Pixel = lazy(() => import('./pixel'));

/**
 * The advertising pixel, only after advertising consent and when the web settings name one;
 * gone (stopped) when consent is withdrawn.
 */
export function PixelTracker() {
  const { choice } = useConsent();
  const { data: settings } = useWebSettings();
  const pixel = choice?.advertising ? settings?.pixel : null;
  if (!pixel) return null;
  return (
    <Suspense fallback={null}>
      <Pixel scriptUrl={pixel.script_url} id={pixel.id} />
    </Suspense>
  );
}
