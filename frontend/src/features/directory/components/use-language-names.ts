import { useTranslation } from 'react-i18next';
import { localName, usePublicReferenceItems } from '@/lib/public-reference';

/** Language code → its name in the interface language (the reference list of languages); the code until it loads. */
export const useLanguageNames = () => {
  const { i18n } = useTranslation();
  const languages = usePublicReferenceItems('languages');
  return (code: string) => {
    const item = languages.data?.find((language) => language.code?.toLowerCase() === code.toLowerCase());
    return item ? localName(item, i18n.language) : code;
  };
};
