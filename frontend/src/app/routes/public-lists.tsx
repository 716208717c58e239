import type { ComponentType } from 'react';
import { NewsletterConfirmPage, NewsletterUnsubscribePage } from '@/features/newsletter/components/newsletter-pages';
import { LeaveWaitingListPage } from '@/features/waiting-list/components/leave-waiting-list-page';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { StarterKitSection } from '@/features/starter-kit/components/starter-kit-form';

/** The pages the newsletter's and the waiting list's mails link to (the lists' lazy chunk, `load-lists.ts`). */
export const screens: Record<'newsletterConfirm' | 'newsletterUnsubscribe' | 'waitingListLeave', ComponentType> = {
  newsletterConfirm: NewsletterConfirmPage,
  newsletterUnsubscribe: NewsletterUnsubscribePage,
  waitingListLeave: LeaveWaitingListPage,
};

/** The forms other pages show: the footer's newsletter, the home page's starter kit. */
export const parts = { NewsletterForm, StarterKitSection };
