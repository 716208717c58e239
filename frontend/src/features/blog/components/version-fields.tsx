import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { MarkdownField } from '@/components/form/markdown-field';
import { TextField } from '@/components/form/text-field';
import { BLOG_BOUNDS } from '../api/blog-post-form';
import type { BlogLanguage } from '../api/types';

/** One language's version of the post: title, slug, Markdown body and tags. */
export function VersionFields({ language }: { language: BlogLanguage }) {
  const { t } = useTranslation();
  const languageName = t(`adminBlog.languages.${language}`);
  return (
    <fieldset className={formStyles.fieldset}>
      <legend className={formStyles.legend}>{languageName}</legend>
      <TextField
        name={`${language}.title`}
        label={t('adminBlog.fields.title')}
        hint={t('adminBlog.fields.titleHint', { max: BLOG_BOUNDS.titleMax })}
        lang={language}
        required
      />
      <TextField
        name={`${language}.slug`}
        label={t('adminBlog.fields.slug')}
        hint={t('adminBlog.fields.slugHint', { max: BLOG_BOUNDS.slugMax })}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <MarkdownField
        name={`${language}.body`}
        language={language}
        languageName={languageName}
        label={t('adminBlog.fields.body')}
        hint={t('adminBlog.fields.bodyHint')}
      />
      <TextField
        name={`${language}.tags`}
        label={t('adminBlog.fields.tags')}
        hint={t('adminBlog.fields.tagsHint', { most: BLOG_BOUNDS.tagsMax, max: BLOG_BOUNDS.tagMax })}
        lang={language}
        autoComplete="off"
      />
    </fieldset>
  );
}
