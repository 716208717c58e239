import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenNear } from '@/components/ui/when-near';
import { expertName, type ExpertCard } from '@/lib/expert-card';
import { loadListTexts } from '@/lib/i18n';
import type { WaitingListTarget } from '../api/join-waiting-list';
import styles from './waiting-list.module.css';

const WaitingListForm = lazy(() =>
  Promise.all([import('./waiting-list-form'), loadListTexts()]).then(([module]) => ({ default: module.WaitingListForm })),
);

/** The waiting-list form (Formik, yup) and its texts, loaded near the screen in a box of its size. */
export function LazyWaitingListForm(props: { target: WaitingListTarget; name: string }) {
  return (
    <WhenNear className={styles.reserved}>
      <WaitingListForm {...props} />
    </WhenNear>
  );
}

/** Below an expert's slot picker: the waiting list for that expert. */
export function ExpertWaitingList({ expert }: { expert: ExpertCard }) {
  const { t } = useTranslation();
  return <LazyWaitingListForm target={{ consultantId: expert.id }} name={expertName(expert, t('registration.titles.dr'))} />;
}

/** In the directory, when exactly one speciality is chosen: the waiting list for that speciality. */
export function SpecialityWaitingList({ speciality }: { speciality: { id: string; name_fr: string; name_en: string } }) {
  const { i18n } = useTranslation();
  return (
    <LazyWaitingListForm
      key={speciality.id}
      target={{ specializationId: speciality.id }}
      name={i18n.language === 'en' ? speciality.name_en : speciality.name_fr}
    />
  );
}
