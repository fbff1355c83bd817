/**
 * Local disk store: `<uploadDir>/<tenant>/<name>`, served back (tokenless, names are not guessable) by the file
 * route `GET /api/smart-resource/oss/file/<tenant>/<name>` (see files.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OBJECT_NAME, TENANT_ID } from './names';
import type { StorageProvider, StoredObject } from './types';

export const FILE_ROUTE = '/api/smart-resource/oss/file';

/** The file of an object, or undefined when the tenant or name is not one the store can hold. */
export function localPath(root: string, tenantId: string, name: string): string | undefined {
  if (!TENANT_ID.test(tenantId) || !OBJECT_NAME.test(name)) return undefined;
  const base = path.resolve(root, tenantId);
  const file = path.resolve(base, name);
  // defence in depth: the patterns above already exclude `..` and separators
  return file.startsWith(base + path.sep) ? file : undefined;
}

export function localStorage(root: string, tenantId: string): StorageProvider {
  const domain = `${FILE_ROUTE}/${tenantId}`;
  return {
    kind: 'local',
    async put(name: string, data: Buffer): Promise<StoredObject> {
      const file = localPath(root, tenantId, name);
      if (!file) throw new Error(`invalid object name ${name}`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx' });
      return { link: `${domain}/${name}`, domain, name };
    },
  };
}
