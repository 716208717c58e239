import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from '@/locales/fr.json';
import { setApiLanguage } from './api-client';
import { getPersistedState, type Language, updatePersistedState } from './persisted-state';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const LANGUAGES: readonly Language[] = ['fr', 'en'];
export const DEFAULT_LANGUAGE: Language = 'fr';

const isLanguage = (value: unknown): value is Language => value === 'fr' || value === 'en';

/** The public texts: French ships in the main bundle; English is loaded when first needed. */
const loadPublicCatalogue = async (language: Language) => {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const catalogue = language === 'en' ? (await import('@/locales/en.json')).default : fr;
  i18n.addResourceBundle(language, 'translation', catalogue, true, true);
};

/**
 * Texts loaded only when needed, so the public pages' first load (their JS budget)
 * stays small: `areas` with the area layout (profile, administration, reference
 * lists, booking screens of the areas, dashboards); `booking` with the booking page (the expert
 * page's slot picker has its few texts, `slots`, in the public catalogue); `secondFactor` with the areas, the sign-in's second step and the
 * re-authentication dialog; `content` with the content pages; `blog` with the public blog pages and
 * the home page's and expert page's post lists; `lists` with the newsletter, starter-kit and waiting-list forms
 * and pages; `signUp` with the sign-up's later steps (the e-mail and mobile codes); `home` with the home page (the
 * server renders its sections from the same file); `forms` (fields, validation messages, the auth pages)
 * with every catalogue of forms below and with the auth pages and the contact form. Once wanted, a
 * catalogue follows language changes.
 */
type LazyCatalogue = 'areas' | 'booking' | 'complaints' | 'secondFactor' | 'content' | 'blog' | 'lists' | 'signUp' | 'home' | 'forms';
const lazyCatalogues: Record<LazyCatalogue, Record<Language, () => Promise<{ default: object }>>> = {
  areas: { fr: () => import('@/locales/areas/fr.json'), en: () => import('@/locales/areas/en.json') },
  booking: { fr: () => import('@/locales/booking/fr.json'), en: () => import('@/locales/booking/en.json') },
  complaints: { fr: () => import('@/locales/complaints/fr.json'), en: () => import('@/locales/complaints/en.json') },
  secondFactor: {
    fr: () => import('@/locales/second-factor/fr.json'),
    en: () => import('@/locales/second-factor/en.json'),
  },
  content: { fr: () => import('@/locales/content/fr.json'), en: () => import('@/locales/content/en.json') },
  blog: { fr: () => import('@/locales/blog/fr.json'), en: () => import('@/locales/blog/en.json') },
  lists: { fr: () => import('@/locales/lists/fr.json'), en: () => import('@/locales/lists/en.json') },
  signUp: { fr: () => import('@/locales/sign-up/fr.json'), en: () => import('@/locales/sign-up/en.json') },
  home: { fr: () => import('@/locales/home/fr.json'), en: () => import('@/locales/home/en.json') },
  forms: { fr: () => import('@/locales/forms/fr.json'), en: () => import('@/locales/forms/en.json') },
};
/** Catalogues of screens with forms: the forms' texts come with them. */
const WITH_FORMS: readonly LazyCatalogue[] = ['areas', 'booking', 'complaints', 'secondFactor', 'lists', 'signUp'];
const wanted = new Set<LazyCatalogue>();
const loaded = new Set<string>();
const loadLazyCatalogue = async (name: LazyCatalogue, language: Language) => {
  if (loaded.has(`${name}:${language}`)) return;
  const catalogue = (await lazyCatalogues[name][language]()).default;
  i18n.addResourceBundle(language, 'translation', catalogue, true, true);
  loaded.add(`${name}:${language}`);
};

const loadCatalogue = async (language: Language) => {
  await loadPublicCatalogue(language);
  await Promise.all([...wanted].map((name) => loadLazyCatalogue(name, language)));
};

const loadTexts = async (name: LazyCatalogue): Promise<void> => {
  wanted.add(name);
  await Promise.all([loadLazyCatalogue(name, currentLanguage()), WITH_FORMS.includes(name) ? loadTexts('forms') : undefined]);
};

/** Loads the areas' texts in the current language (and in later ones). */
export const loadAreaTexts = () => loadTexts('areas');

/** Loads the booking texts (the booking page, the areas' booking screens) in the current language (and in later ones). */
export const loadBookingTexts = () => loadTexts('booking');

/** Loads the complaints' and the audit trail's texts (with the areas). */
export const loadComplaintTexts = () => loadTexts('complaints');

/** Loads the second factor's texts (areas, the sign-in's second step, the re-authentication dialog). */
export const loadSecondFactorTexts = () => loadTexts('secondFactor');

/** Loads the content pages' texts (about, terms, privacy…). */
export const loadContentTexts = () => loadTexts('content');

/** Loads the public blog's texts (the blog pages, the latest posts on the home and expert pages). */
export const loadBlogTexts = () => loadTexts('blog');

/** Loads the public lists' texts (newsletter, starter kit, waiting list: their forms and the mails' pages). */
export const loadListTexts = () => loadTexts('lists');

/** Loads the texts of the sign-up's later steps (the e-mail and mobile codes). */
export const loadSignUpTexts = () => loadTexts('signUp');

/** Loads the forms' texts: fields, validation messages, the auth pages (with the catalogues of forms). */
export const loadFormTexts = () => loadTexts('forms');

/** Loads the home page's texts. */
export const loadHomeTexts = () => loadTexts('home');

/**
 * The stored `selectedLanguage` wins; without one, the language of a page the server rendered
 * (`<html lang>`, from the browser's `Accept-Language`), so the page does not change language when
 * the SPA takes over; then the persisted state's; French otherwise.
 */
export const initialLanguage = (served?: string): Language => {
  const selected = readStorage(STORAGE_KEYS.selectedLanguage);
  if (isLanguage(selected)) return selected;
  if (isLanguage(served)) return served;
  const persisted = getPersistedState().language;
  return isLanguage(persisted) ? persisted : DEFAULT_LANGUAGE;
};

const apply = (language: Language) => {
  document.documentElement.lang = language;
  setApiLanguage(language);
};

/** Initialises i18next with the remembered language (loading its catalogue first). */
export const initI18n = async () => {
  // Read before `apply` sets it (and before the SPA takes over `#root`): the server's choice for a
  // page it rendered.
  const served = document.getElementById('root')?.dataset.ssr ? document.documentElement.lang : undefined;
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { fr: { translation: fr } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: 'en',
      supportedLngs: LANGUAGES,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    apply(DEFAULT_LANGUAGE);
    i18n.on('languageChanged', (language) => {
      if (isLanguage(language)) apply(language);
    });
  }
  const language = initialLanguage(served);
  if (language !== i18n.resolvedLanguage) {
    await loadCatalogue(language);
    await i18n.changeLanguage(language);
  }
  return i18n;
};

/** Switches the whole interface and remembers the choice. */
export const changeLanguage = async (language: Language) => {
  writeStorage(STORAGE_KEYS.selectedLanguage, language);
  updatePersistedState((s) => ({ ...s, language }));
  await loadCatalogue(language);
  await i18n.changeLanguage(language);
};

export const currentLanguage = (): Language =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

export { i18n };
