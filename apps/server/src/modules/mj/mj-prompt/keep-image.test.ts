// The copy of a drawing's image: stored in the tenant's storage, or refused (the drawing then keeps the proxy's link).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPath } from '../../../storage/local';
import { backends, startTestServer, type TestServer } from '../../../test/harness';
import { copyImage, KeepImageError, MAX_IMAGE_BYTES } from './keep-image';

const ORIGIN = 'https://cdn.example.test/attachments/grid.png';

const png = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));
const answer =
  (body: Buffer | string, init: ResponseInit = {}): typeof fetch =>
  async () =>
    new Response(body, init);

describe.each(backends)('copyImage on %s', (kind) => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    dir = mkdtempSync(path.join(os.tmpdir(), 'smart-keep-'));
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores an image in the tenant's local store, with its type and size", async () => {
    const image = png(40, 30);
    const kept = await copyImage(s.handle.db, dir, '000000', ORIGIN, answer(image));
    expect(kept).toMatchObject({ kind: 'png', bytes: image.length, width: 40, height: 30 });
    expect(kept.link).toBe(`/api/smart-resource/oss/file/000000/${kept.name}`);
    expect(readFileSync(localPath(dir, '000000', kept.name)!)).toEqual(image);
  });

  it.each([
    ['a link that answers an error', answer('gone', { status: 404 })],
    ['a page instead of an image', answer('<html>login</html>', { status: 200 })],
    ['an empty answer', answer(Buffer.alloc(0))],
    [
      'an image larger than the limit',
      answer('x', { headers: { 'content-length': String(MAX_IMAGE_BYTES + 1) } }),
    ],
  ])('refuses %s', async (_name, fetchImpl) => {
    await expect(copyImage(s.handle.db, dir, '000000', ORIGIN, fetchImpl)).rejects.toBeInstanceOf(
      KeepImageError,
    );
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(
      copyImage(s.handle.db, dir, '000000', 'file:///etc/passwd', answer(png(1, 1))),
    ).rejects.toBeInstanceOf(KeepImageError);
  });
});
