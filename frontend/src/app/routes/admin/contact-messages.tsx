import { ContactMessageList } from '@/features/contact/components/contact-message-list';

/** spec §2 admin `view-contact-us-list`. */
export function Component() {
  return <ContactMessageList />;
}
