import type { ComponentType } from 'react';
import type { paths } from '@/config/paths';
import { SubscriberList } from '@/features/newsletter/components/subscriber-list';
import { StarterKitList } from '@/features/starter-kit/components/starter-kit-list';
import { WaitingListAdmin } from '@/features/waiting-list/components/waiting-list-admin';
import { WebSettingsScreen } from '@/features/web-settings/components/web-settings-form';

/** Issue 13 admin screens (one lazy chunk), keyed like `paths.admin.lists`. */
export const screens: Record<keyof typeof paths.admin.lists, ComponentType> = {
  webSetting: WebSettingsScreen,
  waitingList: WaitingListAdmin,
  starterKits: StarterKitList,
  newsletter: SubscriberList,
};
