import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreateReferenceItem } from '../api/create-reference-item';
import { usePublicReferenceItems } from '../api/get-public-reference-items';
import {
  REFERENCE_NAME_MAX,
  referenceInputSchema,
  type ReferenceInput,
  type ReferenceItem,
} from '../api/reference-item';
import { useUpdateReferenceItem } from '../api/update-reference-item';
import { referencePaths, type ReferenceKind, type ReferenceSet } from '../reference-sets';
import styles from './reference-data.module.css';
import { ActionButton } from '@/components/ui/action-button';

const FIELDS = ['name_fr', 'name_en', 'code', 'parent_id'] as const;

type Props = { set: ReferenceSet; item?: ReferenceItem };

/** Country picker for cities, from the public (active items only) list. */
function ParentField({ kind, label }: { kind: ReferenceKind; label: string }) {
  const { i18n } = useTranslation();
  const parents = usePublicReferenceItems(kind);
  const options = useMemo(
    () =>
      (parents.data ?? [])
        .map((p) => ({ value: p.id, label: i18n.language === 'en' ? p.name_en : p.name_fr }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [parents.data, i18n.language],
  );
  return <SelectField name="parent_id" label={label} options={options} required aria-busy={parents.isPending} />;
}

/** Add or edit one item of a reference list (spec §2 add-… and edit-…). */
export function ReferenceForm({ set, item }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const creating = !item;
  const hasParent = Boolean(set.parentKind);
  const create = useCreateReferenceItem(set.kind);
  const update = useUpdateReferenceItem(set.kind, item?.id ?? '');
  const schema = useMemo(
    () => referenceInputSchema({ hasCode: set.hasCode, hasParent, creating }),
    [set.hasCode, hasParent, creating],
  );
  const initialValues: ReferenceInput = {
    name_fr: item?.name_fr ?? '',
    name_en: item?.name_en ?? '',
    code: item?.code ?? '',
    parent_id: item?.parent_id ?? '',
  };
  const listHref = referencePaths(set).view.getHref();
  const parentName = item && (i18n.language === 'en' ? item.parent_name_en : item.parent_name_fr);

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        const names = { name_fr: values.name_fr.trim(), name_en: values.name_en.trim() };
        const code = set.hasCode ? { code: values.code.trim() } : {};
        try {
          if (creating) {
            await create.mutateAsync({ ...names, ...code, ...(hasParent ? { parent_id: values.parent_id } : {}) });
            toast.success(t('reference.created'));
          } else {
            await update.mutateAsync({ ...names, ...code });
            toast.success(t('reference.updated'));
          }
          await navigate(listHref);
        } catch (error) {
          applyServerErrors(error, helpers.setErrors, FIELDS);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate style={{ maxWidth: '32rem' }}>
          {set.parentKind &&
            (creating ? (
              <ParentField kind={set.parentKind} label={t('reference.fields.country')} />
            ) : (
              <p className={styles.readOnly}>
                <strong>{t('reference.fields.country')}</strong> : {parentName}
              </p>
            ))}
          <TextField
            name="name_fr"
            label={t('reference.fields.nameFr')}
            lang="fr"
            maxLength={REFERENCE_NAME_MAX}
            required
          />
          <TextField
            name="name_en"
            label={t('reference.fields.nameEn')}
            lang="en"
            maxLength={REFERENCE_NAME_MAX}
            required
          />
          {set.hasCode && (
            <TextField
              name="code"
              label={t('reference.fields.code')}
              hint={t('reference.fields.codeHint')}
              autoComplete="off"
              maxLength={2}
            />
          )}
          <div className={formStyles.actions}>
            <ActionButton pending={isSubmitting}>
              {t(creating ? 'reference.add' : 'reference.save')}
            </ActionButton>
            <Link className="btn btn-secondary" to={listHref}>
              {t('reference.cancel')}
            </Link>
          </div>
        </Form>
      )}
    </Formik>
  );
}
