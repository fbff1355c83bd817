/** Where a stored object lives (the BladeFile fields the upload answers). */
export interface StoredObject {
  /** Full URL (or server-relative path for the local store) of the object. */
  link: string;
  /** Storage domain: the link without the object name. */
  domain: string;
  /** Object name, e.g. `upload/20261122/<hex>.png`. */
  name: string;
}

export interface StorageProvider {
  readonly kind: 'local' | 's3';
  put(name: string, data: Buffer, contentType: string): Promise<StoredObject>;
}
