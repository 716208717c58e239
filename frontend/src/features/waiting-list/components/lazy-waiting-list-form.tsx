import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expertName, type ExpertCard } from '@/lib/expert-card';
import { loadListTexts } from '@/lib/i18n';
import type { WaitingListTarget } from '../api/join-waiting-list';
import styles from './waiting-list.module.css';

const loadForm = () => Promise.all([import('./waiting-list-form'), loadListTexts()]).then(([module]) => module);
const WaitingListForm = lazy(() => loadForm().then((module) => ({ default: module.WaitingListForm })));

/**
 * The waiting list, offered by a button: its form (Formik, yup) and texts load when a visitor asks
 * for it (from the moment the button is pointed at or focused), not with every expert's page.
 * Focus then goes to the form's address field.
 */
export function WaitingListOffer(props: { target: WaitingListTarget; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
        <WaitingListForm {...props} focusOnOpen />
      </Suspense>
    );
  }
  const preload = () => void loadForm();
  return (
    <p className={styles.offer}>
      <button type="button" className="btn btn-secondary" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        {t('slots.notifyMe')}
      </button>
    </p>
  );
}

/** Below an expert's slot picker: the waiting list for that expert. */
export function ExpertWaitingList({ expert }: { expert: ExpertCard }) {
  const { t } = useTranslation();
  return <WaitingListOffer target={{ consultantId: expert.id }} name={expertName(expert, t('registration.titles.dr'))} />;
}

/** In the directory, when exactly one speciality is chosen: the waiting list for that speciality. */
export function SpecialityWaitingList({ speciality }: { speciality: { id: string; name_fr: string; name_en: string } }) {
  const { i18n } = useTranslation();
  return (
    <WaitingListOffer
      key={speciality.id}
      target={{ specializationId: speciality.id }}
      name={i18n.language === 'en' ? speciality.name_en : speciality.name_fr}
    />
  );
}
