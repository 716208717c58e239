// The public pickers are shared by several features: they live in lib/.
export {
  getPublicReferenceItems,
  publicReferenceItemsQueryOptions,
  publicReferenceKey,
  usePublicReferenceItems,
  type PublicReferenceItem,
} from '@/lib/public-reference';
