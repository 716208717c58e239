import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { prefetchDirectory } from '@/features/directory/api/prefetch';
import { DirectoryPage } from '@/features/directory/components/directory-page';
import { LazyDirectorySearch } from './lazy-directory-search';

/** spec §2 `/our-experts/:search?`: the title (the server paints the first page first), the search below it. */
export function Component() {
  const { search } = useParams();
  const queryClient = useQueryClient();
  useEffect(() => prefetchDirectory(queryClient, search), [queryClient, search]);
  return (
    <DirectoryPage>
      <LazyDirectorySearch searchParam={search} />
    </DirectoryPage>
  );
}
