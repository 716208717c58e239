import { paths } from '@/config/paths';

/** API slug of a reference list (`/api/admin-panel/reference/{kind}`). */
export type ReferenceKind =
  | 'disorders'
  | 'keywords'
  | 'languages'
  | 'nationalities'
  | 'objectives'
  | 'specializations'
  | 'complaint-types'
  | 'countries'
  | 'cities'
  | 'benefits';

export type ReferenceSetKey = keyof typeof paths.admin.reference;

export type ReferenceSet = {
  /** Key in `paths.admin.reference` and in the `reference.sets` texts. */
  key: ReferenceSetKey;
  kind: ReferenceKind;
  /** ISO code field (languages, countries, nationalities). */
  hasCode: boolean;
  /** The list whose items are this list's parents (cities belong to a country). */
  parentKind?: ReferenceKind;
};

/** The reference lists the administrator manages: the spec's nine (§2), and the catalogue's benefit labels (issue 13). */
export const REFERENCE_SETS: readonly ReferenceSet[] = [
  { key: 'disorders', kind: 'disorders', hasCode: false },
  { key: 'keywords', kind: 'keywords', hasCode: false },
  { key: 'languages', kind: 'languages', hasCode: true },
  { key: 'nationality', kind: 'nationalities', hasCode: true },
  { key: 'objectives', kind: 'objectives', hasCode: false },
  { key: 'specialization', kind: 'specializations', hasCode: false },
  { key: 'complaintType', kind: 'complaint-types', hasCode: false },
  { key: 'country', kind: 'countries', hasCode: true },
  { key: 'city', kind: 'cities', hasCode: false, parentKind: 'countries' },
  { key: 'benefits', kind: 'benefits', hasCode: false },
];

export const referenceSet = (key: string): ReferenceSet | undefined =>
  REFERENCE_SETS.find((set) => set.key === key);

/** The four screens of each list. */
export type ReferenceScreen = 'add' | 'edit' | 'view' | 'trash';

export const referencePaths = (set: ReferenceSet) => paths.admin.reference[set.key];

/** Queries under this key hold lists; mutations invalidate it. */
export const referenceKey = (kind: ReferenceKind) => ['admin-reference', kind] as const;
