import { useTranslation } from 'react-i18next';
import type { BlogLanguage } from './types';

/** The interface language the public blog is read in (French unless English). */
export const useBlogLanguage = (): BlogLanguage => {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'fr';
};

/**
 * The public blog answers in the request's language: each request says it explicitly (the same
 * language as its query key), so a cached answer is never one of the other language.
 */
export const languageHeaders = (language: BlogLanguage) => ({ 'Accept-Language': language });

/** Queries of the public blog (lists, tags, posts): invalidated after an administrator's change. */
export const publicBlogKey = ['blog'] as const;
