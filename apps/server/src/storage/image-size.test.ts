import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size';

describe('imageSize', () => {
  it('reads a PNG header', () => {
    expect(imageSize(PNG.sync.write(new PNG({ width: 640, height: 360 })), 'png')).toEqual({
      width: 640,
      height: 360,
    });
  });

  it('reads a GIF header', () => {
    const gif = Buffer.from('GIF89a\x20\x03\x58\x02\x00\x00', 'latin1');
    expect(imageSize(gif, 'gif')).toEqual({ width: 800, height: 600 });
  });

  it("reads a JPEG's start of frame after its other segments", () => {
    const jpeg = Buffer.from([
      0xff,
      0xd8, // start of image
      0xff,
      0xe0,
      0x00,
      0x04,
      0x00,
      0x00, // APP0, 2 bytes of payload
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x01,
      0xe0,
      0x02,
      0x80,
      0x03, // SOF0: 8 bits, height 480, width 640
      0x01,
      0x22,
      0x00,
      0x02,
      0x11,
      0x01,
      0x03,
      0x11,
      0x01,
    ]);
    expect(imageSize(jpeg, 'jpg')).toEqual({ width: 640, height: 480 });
  });

  it('says nothing of a header too short or of a WebP', () => {
    expect(imageSize(Buffer.from([0x89, 0x50]), 'png')).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff]), 'jpg')).toBeUndefined();
    expect(imageSize(Buffer.alloc(40), 'webp')).toBeUndefined();
  });
});
