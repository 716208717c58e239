import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { webSettingsQueryOptions } from '@/lib/web-settings';

export const IMAGE_FIELDS = ['web_logo', 'footer_logo', 'email_logo', 'favicon'] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];
export const SOCIAL_FIELDS = ['twitter', 'youtube', 'instagram', 'linkedin'] as const;

/** `WebSettingsBody` (docs/api.md "Web settings"): images as upload keys, `""` for the built-in ones. */
export type WebSettingsBody = {
  site_title: string;
  domain_name: string;
  legal_name: string;
  web_logo: string;
  footer_logo: string;
  email_logo: string;
  favicon: string;
  twitter: string;
  youtube: string;
  instagram: string;
  linkedin: string;
};

/** `GET /api/admin-panel/web-settings`: the body's fields, the images' addresses and the last change. */
export type AdminWebSettings = WebSettingsBody & {
  web_logo_url: string;
  footer_logo_url: string;
  email_logo_url: string;
  favicon_url: string;
  changed_at: string | null;
};

/** The form: the body and each image's preview address. */
export type WebSettingsValues = WebSettingsBody & Record<`${ImageField}_url`, string>;

export const WEB_SETTINGS_FIELDS = [
  'site_title',
  'domain_name',
  'legal_name',
  ...IMAGE_FIELDS,
  ...SOCIAL_FIELDS,
] as const satisfies readonly (keyof WebSettingsBody)[];

/** The server's bounds, in characters. */
export const WEB_SETTINGS_LIMITS = { site_title: 60, legal_name: 120, domain_name: 253, social: 300 } as const;

const length = (value: string | undefined) => [...(value ?? '')].length;
const text = (max: number) =>
  yup
    .string()
    .trim()
    .test('max', 'validation.tooLong', (value) => length(value) <= max);
/** Empty, or an https address with a host (the server says `url.https_required` otherwise). */
const social = (t: TFunction) =>
  text(WEB_SETTINGS_LIMITS.social).test('https', t('adminLists.webSetting.httpsRequired'), (value) => {
    if (!value) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '';
    } catch {
      return false;
    }
  });

/** The form's checks; messages are `validation.*` keys or texts. */
export const webSettingsSchema = (t: TFunction) =>
  yup.object({
    site_title: text(WEB_SETTINGS_LIMITS.site_title).required('validation.required'),
    domain_name: text(WEB_SETTINGS_LIMITS.domain_name).required('validation.required'),
    legal_name: text(WEB_SETTINGS_LIMITS.legal_name).required('validation.required'),
    twitter: social(t),
    youtube: social(t),
    instagram: social(t),
    linkedin: social(t),
  });

export const toWebSettingsValues = (settings: AdminWebSettings): WebSettingsValues => ({
  site_title: settings.site_title,
  domain_name: settings.domain_name,
  legal_name: settings.legal_name,
  web_logo: settings.web_logo,
  footer_logo: settings.footer_logo,
  email_logo: settings.email_logo,
  favicon: settings.favicon,
  web_logo_url: settings.web_logo_url,
  footer_logo_url: settings.footer_logo_url,
  email_logo_url: settings.email_logo_url,
  favicon_url: settings.favicon_url,
  twitter: settings.twitter,
  youtube: settings.youtube,
  instagram: settings.instagram,
  linkedin: settings.linkedin,
});

export const toWebSettingsBody = (values: WebSettingsValues): WebSettingsBody => ({
  site_title: values.site_title.trim(),
  domain_name: values.domain_name.trim(),
  legal_name: values.legal_name.trim(),
  web_logo: values.web_logo,
  footer_logo: values.footer_logo,
  email_logo: values.email_logo,
  favicon: values.favicon,
  twitter: values.twitter.trim(),
  youtube: values.youtube.trim(),
  instagram: values.instagram.trim(),
  linkedin: values.linkedin.trim(),
});

export const adminWebSettingsKey = ['admin-web-settings'] as const;

/** `GET /api/admin-panel/web-settings`. */
export const getAdminWebSettings = (signal?: AbortSignal) =>
  api.get<AdminWebSettings>('/api/admin-panel/web-settings', { signal });

export const adminWebSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminWebSettingsKey, queryFn: ({ signal }) => getAdminWebSettings(signal) });

export const useAdminWebSettings = () => useQuery(adminWebSettingsQueryOptions());

/** `PUT /api/admin-panel/web-settings` `WebSettingsBody` → 204; 400 with field errors under the field names. */
export const saveWebSettings = (body: WebSettingsBody) => api.put<void>('/api/admin-panel/web-settings', body);

/** Saved: the form and the public settings (title, logos, favicon of this very page) are read again. */
export const useSaveWebSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebSettings,
    meta: { feedback: { success: 'adminLists.webSetting.saved' } },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminWebSettingsKey }),
        queryClient.invalidateQueries({ queryKey: webSettingsQueryOptions().queryKey }),
      ]),
  });
};
