import { ContentPage } from '@/features/content/components/content-page';
import { LazyContactForm } from '@/features/contact/components/lazy-contact-form';

/** spec §2 `/contact-us`: the page's title and text, the contact form below them. */
export function Component() {
  return (
    <ContentPage contentKey="contact">
      <LazyContactForm />
    </ContentPage>
  );
}
