import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AWARD_FIELDS, toDegreeBody } from '../api/award';
import { useDeleteDegree } from '../api/delete-degree';
import type { ConsultantProfile, Degree } from '../api/profile';
import { useSaveDegree } from '../api/save-degree';
import { applyServerErrors } from '@/lib/form-errors';
import { errorText, toast } from '@/lib/toast';
import { AwardForm } from './award-form';
import { AwardSummary } from './award-summary';
import { ConfirmDelete } from './confirm-delete';
import styles from './consultant-profile.module.css';

/** Which form is open: none (null), the "add" form (NEW), or one degree's edit form (its id). */
const NEW = '';
type Editing = string | null;

/** spec §2 edit-account/education-detail: the degrees, each added, edited or deleted in place. */
export function EducationSection({ profile, locked }: { profile: ConsultantProfile; locked: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(profile.degrees.length === 0 ? NEW : null);
  const save = useSaveDegree();
  const remove = useDeleteDegree();

  const form = (degree?: Degree) => (
    <AwardForm
      key={degree?.id ?? 'new'}
      kind="degree"
      entry={degree}
      locked={locked}
      submitLabel={t(degree ? 'consultantProfile.save' : 'consultantProfile.degree.add')}
      onCancel={profile.degrees.length > 0 ? () => setEditing(null) : undefined}
      onSubmit={async (values, helpers) => {
        try {
          await save.mutateAsync({ id: degree?.id, body: toDegreeBody(values) });
          toast.success(t(degree ? 'consultantProfile.saved' : 'consultantProfile.degree.added'));
          setEditing(null);
        } catch (error) {
          applyServerErrors(error, helpers.setErrors, AWARD_FIELDS);
        }
      }}
    />
  );

  return (
    <>
      <p>{t('consultantProfile.degree.intro')}</p>
      {profile.degrees.length === 0 ? (
        <p>{t('consultantProfile.degree.none')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('consultantProfile.degree.list')}>
          {profile.degrees.map((degree) => (
            <li key={degree.id} className={styles.listItem}>
              {editing === degree.id ? (
                <>
                  <h2>{t('consultantProfile.degree.editTitle', { name: degree.name })}</h2>
                  {form(degree)}
                </>
              ) : (
                <>
                  <h2>{degree.name}</h2>
                  <AwardSummary entry={degree} />
                  <div className={styles.itemActions}>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      disabled={locked}
                      onClick={() => setEditing(degree.id)}
                      aria-label={`${t('consultantProfile.edit')} ${degree.name}`}
                    >
                      {t('consultantProfile.edit')}
                    </button>
                    <ConfirmDelete
                      itemName={degree.name}
                      disabled={locked}
                      onConfirm={async () => {
                        try {
                          await remove.mutateAsync(degree.id);
                          toast.success(t('consultantProfile.deleted', { name: degree.name }));
                        } catch (error) {
                          toast.error(errorText(error, t('errors.network')));
                        }
                      }}
                    />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === NEW ? (
        <section aria-labelledby="degree-add">
          <h2 id="degree-add">{t('consultantProfile.degree.addTitle')}</h2>
          {form()}
        </section>
      ) : (
        <button type="button" className="btn" disabled={locked} onClick={() => setEditing(NEW)}>
          {t('consultantProfile.degree.addTitle')}
        </button>
      )}
    </>
  );
}
