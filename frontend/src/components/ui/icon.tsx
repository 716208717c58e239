const PATHS = {
  dashboard: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  lock: 'M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z',
  menu: 'M3 6h18v2H3zM3 11h18v2H3zM3 16h18v2H3z',
  shield: 'M12 2 4 5v6c0 5.2 3.4 9.8 8 11 4.6-1.2 8-5.8 8-11V5z',
  data: 'M12 2c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zM4 7.6C5.6 8.8 8.6 9.6 12 9.6s6.4-.8 8-2V12c0 1.7-3.6 3-8 3s-8-1.3-8-3zm0 7c1.6 1.2 4.6 2 8 2s6.4-.8 8-2V19c0 1.7-3.6 3-8 3s-8-1.3-8-3z',
  heart:
    'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 20c0-3.3 3.6-6 8-6s8 2.7 8 6v1H1zm17.5-5.9c2.6.5 4.5 2.2 4.5 4.4V21h-4v-1c0-2.2-.9-4.3-2.5-5.9z',
} as const;

export type IconName = keyof typeof PATHS;

/** Small decorative icon (hidden from assistive technology). */
export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
