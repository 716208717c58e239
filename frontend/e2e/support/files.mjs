// Upload fixtures made in code (no binary files in the repository): a tiny
// valid PNG and PDF, an empty file and one over the 10 MiB limit, as
// Playwright's setInputFiles payloads ({name, mimeType, buffer}).
import { deflateSync } from 'node:zlib';

const MIB = 1024 * 1024;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid 2×2 RGB PNG (every chunk's CRC right), a few dozen bytes. */
export const pngBytes = () => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(2, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  // Each row: filter byte 0, then two teal pixels.
  const row = [0, 0x2a, 0x9d, 0x8f, 0x2a, 0x9d, 0x8f];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([...row, ...row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A valid one-page PDF with a text line (cross-reference offsets computed). */
export const pdfBytes = (text = 'Equilibre e2e') => {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = out.length;
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

/** A file payload for Playwright's `setInputFiles` (and for `uploadFile`). */
const payload = (name, mimeType, buffer) => ({ name, mimeType, buffer });

export const png = (name = 'image.png') => payload(name, 'image/png', pngBytes());
export const pdf = (name = 'document.pdf', text) => payload(name, 'application/pdf', pdfBytes(text));

/** A PNG named and typed as a PDF: only its bytes tell the truth. */
export const pngDisguisedAsPdf = (name = 'cv.pdf') => payload(name, 'application/pdf', pngBytes());

/** Zero bytes. */
export const empty = (name = 'vide.pdf') => payload(name, 'application/pdf', Buffer.alloc(0));

/** A real PDF padded to `bytes` (11 MiB by default: over every kind's 10 MiB limit). */
export const oversized = (name = 'gros.pdf', bytes = 11 * MIB) => {
  const head = pdfBytes();
  const buffer = Buffer.alloc(bytes, 0x20);
  head.copy(buffer);
  return payload(name, 'application/pdf', buffer);
};
