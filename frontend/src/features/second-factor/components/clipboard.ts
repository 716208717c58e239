import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/** Copies `text`, telling whether it worked (the clipboard can be refused or missing). */
export const copyText = async (text: string, done: string) => {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(i18n.t('secondFactor.copyFailed'));
  }
};

/** An SVG document as a `data:` URL (base64 of its UTF-8 bytes). */
export const svgDataUrl = (svg: string) => {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
};

/** The base32 secret in groups of four, for typing. */
export const groupSecret = (secret: string) => secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
