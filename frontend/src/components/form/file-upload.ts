import { API_AREA, type Role } from '@/config/roles';
import { api } from '@/lib/api-client';

/** Upload kinds of `POST /api/{area}/files?kind=` (docs/api.md "Files"). */
export type FileKind =
  | 'degree'
  | 'certificate'
  | 'id_document'
  | 'criminal_record'
  | 'bank_attachment'
  | 'profile_photo'
  | 'resume'
  | 'contract'
  | 'consent_form'
  | 'complaint_attachment'
  /** A blog post's cover (admin, docs/api.md "Blog"). */
  | 'blog_cover'
  /** The site's logos and favicon (admin, docs/api.md "Web settings"). */
  | 'site_logo'
  | 'favicon'
  /** A digital product's PDF and a catalogue picture or product cover (admin, docs/api.md "Digital products"). */
  | 'digital_product_file'
  | 'catalogue_image';

/** A stored upload: what the server answers and what a profile shows. */
export type UploadedFile = { key: string; content_type: string; size: number; name?: string };

const PDF = { mime: 'application/pdf', ext: '.pdf', label: 'PDF' };
const JPG = { mime: 'image/jpeg', ext: '.jpg,.jpeg', label: 'JPG' };
const PNG = { mime: 'image/png', ext: '.png', label: 'PNG' };
const ICO = { mime: 'image/x-icon', ext: '.ico', label: 'ICO' };
export const MIB = 1024 * 1024;

/** Types and size per kind, as the server checks them (by content, not name). */
export const FILE_RULES: Record<FileKind, { types: (typeof PDF)[]; maxBytes: number }> = {
  degree: { types: [JPG, PNG], maxBytes: 10 * MIB },
  profile_photo: { types: [JPG, PNG], maxBytes: 5 * MIB },
  resume: { types: [PDF], maxBytes: 10 * MIB },
  contract: { types: [PDF], maxBytes: 10 * MIB },
  consent_form: { types: [PDF], maxBytes: 10 * MIB },
  certificate: { types: [PDF, JPG, PNG], maxBytes: 10 * MIB },
  id_document: { types: [PDF, JPG, PNG], maxBytes: 10 * MIB },
  criminal_record: { types: [PDF, JPG, PNG], maxBytes: 10 * MIB },
  bank_attachment: { types: [PDF, JPG, PNG], maxBytes: 10 * MIB },
  complaint_attachment: { types: [PDF, JPG, PNG], maxBytes: 10 * MIB },
  blog_cover: { types: [JPG, PNG], maxBytes: 5 * MIB },
  site_logo: { types: [JPG, PNG], maxBytes: MIB },
  favicon: { types: [PNG, ICO], maxBytes: MIB },
  digital_product_file: { types: [PDF], maxBytes: 10 * MIB },
  catalogue_image: { types: [JPG, PNG], maxBytes: 2 * MIB },
};

/** The `accept` attribute of a kind: MIME types and extensions. */
export const acceptFor = (kind: FileKind) =>
  FILE_RULES[kind].types.flatMap((type) => [type.mime, type.ext]).join(',');

/** `POST /api/{area}/files?kind=` with one multipart part `file` → 201 `{key, content_type, size, name}`. */
export const uploadFile = (role: Role, kind: FileKind, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return api.post<UploadedFile>(`/api/${API_AREA[role]}/files`, body, { query: { kind } });
};

/** Where the owner (or an admin) reads a stored file; the key's slashes stay path separators. */
export const fileHref = (role: Role, key: string) =>
  `/api/${API_AREA[role]}/files/${key.split('/').map(encodeURIComponent).join('/')}`;

/** "PDF", "JPG" or "PNG": how a stored file without its original name is described. */
export const fileType = (file: UploadedFile) =>
  [PDF, JPG, PNG].find((type) => type.mime === file.content_type)?.label ?? file.content_type;
