import { useContext } from 'react';
import { useDocumentTitle } from '@/lib/document-title';
import { AreaContext } from './area-context';

type Props = { children: string; subtitle?: string };

/**
 * A page's main heading. In the admin area the page header already shows the
 * title (spec §2), so the heading is only for screen readers' outline there.
 */
export function PageTitle({ children, subtitle }: Props) {
  const area = useContext(AreaContext);
  const hidden = area?.hasPageHeader ?? false;
  useDocumentTitle(children);
  if (hidden) return null;
  return (
    <>
      <h1>{children}</h1>
      {subtitle && <p>{subtitle}</p>}
    </>
  );
}
