import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { PixelSettings } from './pixel';

/** `GET /api/public/web-settings` (logo and icon values are URLs). */
export type WebSettings = {
  web_title?: string;
  domain_name_without_extension?: string;
  web_logo?: string;
  footer_logo?: string;
  email_logo?: string;
  fab_icon?: string;
  twitter?: string;
  youtube?: string;
  instagram?: string;
  linkedin?: string;
  web_legal_name?: string;
  /** The advertising pixel, loaded only after advertising consent; `null` when not configured. */
  pixel?: PixelSettings | null;
};

export const getWebSettings = (signal?: AbortSignal) =>
  api.get<WebSettings>('/api/public/web-settings', { signal });

export const webSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['web-settings'],
    queryFn: ({ signal }) => getWebSettings(signal),
    staleTime: 10 * 60_000,
  });

export const useWebSettings = () => useQuery(webSettingsQueryOptions());
