import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useWebSettings } from '@/lib/web-settings';

type Props = { width?: number; height?: number; alt?: string; className?: string };

/** The web_logo setting, linking home (spec §2: 120 × 80, alt 'logo'). */
export function Logo({ width = 120, height = 80, alt = 'logo', className }: Props) {
  const { data, isPending } = useWebSettings();
  const src = data?.web_logo || (isPending ? undefined : '/logo.svg');
  return (
    <Link to={paths.home.getHref()} className={className}>
      {src ? (
        <img src={src} alt={alt} width={width} height={height} style={{ objectFit: 'contain' }} />
      ) : (
        // Sized by the layout's CSS, like the image it stands for (no shift when it comes).
        <span role="img" aria-label={alt} style={{ display: 'inline-block' }} />
      )}
    </Link>
  );
}
