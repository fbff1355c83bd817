type Tree = { readonly [key: string]: string | Tree };

/**
 * A `t` for the CrudProvider of tests and stories: looks dotted keys up in the given catalogues (a feature's and
 * the generated `entityCatalogue.zh`), first hit wins; unknown keys come back as they are, as i18next's do.
 */
export function catalogueT(...catalogues: Tree[]): (key: string) => string {
  return (key) => {
    for (const catalogue of catalogues) {
      const value = key
        .split('.')
        .reduce<string | Tree | undefined>(
          (node, part) => (typeof node === 'object' ? node[part] : undefined),
          catalogue,
        );
      if (typeof value === 'string') return value;
    }
    return key;
  };
}
