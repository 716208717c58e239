import type { QueryClient } from '@tanstack/react-query';
import { referenceKey, type ReferenceKind } from '../reference-sets';
import { publicReferenceKey } from './get-public-reference-items';

/** After a write: the admin lists and items, and the public pickers, of that list. */
export const invalidateReference = (queryClient: QueryClient, kind: ReferenceKind) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: referenceKey(kind) }),
    queryClient.invalidateQueries({ queryKey: publicReferenceKey(kind) }),
  ]);
