import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { errorText, toast } from '@/lib/toast';
import {
  blogFormSchema,
  blogFormValues,
  serverFormErrors,
  toBlogPostBody,
  type BlogFormValues,
} from '../api/blog-post-form';
import { useSaveBlogPost } from '../api/save-blog-post';
import { BLOG_LANGUAGES, type AdminBlogPost } from '../api/types';
import { AuthorField } from './author-field';
import { CoverField } from './cover-field';
import { PublicationField } from './publication-field';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';
import { VersionFields } from './version-fields';

type Props = { post?: AdminBlogPost };

function Fields({ post, isSubmitting }: Props & { isSubmitting: boolean }) {
  const { t } = useTranslation();
  const inside = useFocusFirstError<HTMLDivElement>();
  const published = post?.status === 'published' ? (post.published_at ?? post.publish_at ?? undefined) : undefined;
  return (
    <div ref={inside}>
      <p className={formStyles.hint}>{t('adminBlog.form.intro')}</p>
      {BLOG_LANGUAGES.map((language) => (
        <VersionFields key={language} language={language} />
      ))}
      <AuthorField />
      <CoverField />
      <PublicationField publishedAt={published} />
      <div className={formStyles.actions}>
        <ActionButton pending={isSubmitting} pendingLabel={t('adminBlog.form.saving')}>
          {t(post ? 'adminBlog.form.save' : 'adminBlog.form.create')}
        </ActionButton>
        <Link className="btn btn-secondary" to={paths.admin.blog.view.getHref()}>
          {t('adminBlog.cancel')}
        </Link>
      </div>
    </div>
  );
}

/**
 * spec §2 admin `add-blog` and `edit-blog/{id}`: both languages (title, slug, Markdown body with its
 * preview, tags), the author, the cover and the publication. The server's field errors (dotted
 * names: `fr.title`, `en.slug`…) land on their fields; a success returns to the list.
 */
export function PostForm({ post }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveBlogPost(post?.id);
  const schema = useMemo(() => blogFormSchema(t, i18n.language), [t, i18n.language]);
  const initialValues = useMemo(() => blogFormValues(post), [post]);

  return (
    <Formik<BlogFormValues>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          // The mutation announces the success (meta.feedback), which outlives this form.
          await save.mutateAsync(toBlogPostBody(values, new Date(), post));
          await navigate(paths.admin.blog.view.getHref());
        } catch (error) {
          const mapped = serverFormErrors(error);
          if (mapped && Object.keys(mapped.errors).length > 0) {
            helpers.setErrors(mapped.errors);
            if (mapped.unplaced > 0) toast.error(errorText(error, t('errors.network')));
            return;
          }
          toast.error(errorText(error, t('errors.network')));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Fields post={post} isSubmitting={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}
