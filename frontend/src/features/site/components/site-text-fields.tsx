import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { MarkdownField } from '@/components/form/markdown-field';
import { TextField } from '@/components/form/text-field';
import { SITE_TEXT_BOUNDS } from '../api/site-text-form';
import type { SiteLanguage } from '../api/types';

/** One language's text: title (the page's h1), description (for search engines), Markdown body with its preview. */
export function SiteTextFields({ language }: { language: SiteLanguage }) {
  const { t } = useTranslation();
  const languageName = t(`adminSite.languages.${language}`);
  return (
    <fieldset className={formStyles.fieldset}>
      <legend className={formStyles.legend}>{languageName}</legend>
      <TextField
        name={`${language}.title`}
        label={t('adminSite.fields.title')}
        hint={t('adminSite.fields.titleHint', { max: SITE_TEXT_BOUNDS.titleMax })}
        lang={language}
        autoComplete="off"
        required
      />
      <TextField
        name={`${language}.description`}
        label={t('adminSite.fields.description')}
        hint={t('adminSite.fields.descriptionHint', { max: SITE_TEXT_BOUNDS.descriptionMax })}
        lang={language}
        autoComplete="off"
        required
      />
      <MarkdownField
        name={`${language}.body`}
        language={language}
        languageName={languageName}
        label={t('adminSite.fields.body')}
        hint={t('adminSite.fields.bodyHint')}
        rows={18}
      />
    </fieldset>
  );
}
