/**
 * Object names and content types. Names are `upload/<yyyyMMdd>/<32 random hex>.<ext>`: not guessable, and the
 * strict pattern is all the file route accepts (no path traversal can get through it).
 */
import { randomBytes } from 'node:crypto';

export const OBJECT_NAME = /^upload\/[0-9]{8}\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/;
export const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

const pad = (n: number) => String(n).padStart(2, '0');

export function newObjectName(ext: string, now = new Date()): string {
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  return `upload/${day}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** The extension of an uploaded file name: lower-case letters and digits only, else `bin`. */
export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return m ? m[1]!.toLowerCase() : 'bin';
}

/** Types served inline by the file route; their content is checked against the magic bytes on upload. */
export const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Stored with a download type: no HTML, SVG or script is ever served inline from the console's origin. */
const DOWNLOAD_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

export const contentTypeOf = (ext: string): string =>
  INLINE_TYPES[ext] ?? DOWNLOAD_TYPES[ext] ?? 'application/octet-stream';

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';

/** The image type the magic bytes announce, if any. */
export function sniffImage(data: Buffer): ImageKind | undefined {
  const b = (i: number) => data[i];
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (data.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}
