import { loadListTexts } from '@/lib/i18n';

/**
 * One lazy chunk with its texts (issue 13): the newsletter's and the waiting list's mail pages, the
 * footer's newsletter form and the home page's starter kit, none of them in a public page's first load.
 */
export const loadLists = () => Promise.all([import('./public-lists'), loadListTexts()]).then(([module]) => module);
