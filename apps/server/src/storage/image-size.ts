/**
 * Width and height of a PNG, JPEG or GIF from its header bytes (what the image table keeps of a stored image),
 * without decoding it; undefined for anything else or a header too short to say.
 */
import type { ImageKind } from './names';

export function imageSize(data: Buffer, kind: ImageKind): { width: number; height: number } | undefined {
  if (kind === 'png' && data.length >= 24 && data.subarray(12, 16).toString('latin1') === 'IHDR')
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (kind === 'gif' && data.length >= 10)
    return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (kind === 'jpg') return jpegSize(data);
  return undefined;
}

/** A JPEG's size from its first start-of-frame segment (SOF0–SOF15 except DHT, JPG and DAC). */
function jpegSize(data: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) return undefined;
    const marker = data[i + 1]!;
    // fill bytes, then markers without a length
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = data.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}
