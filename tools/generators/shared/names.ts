// The names one word takes in the code the generators write: a feature `zz-gen-check` is the package
// `@smart/feature-zz-gen-check`, the catalogue key `zzGenCheck`; an entity `comment_group` lives in `comment-group/`
// as `CommentGroupPage`. Entity names come from the contract's tags in every style (`comment_group`, `yingdao-auth`,
// `mjjAppConfig`), so everything goes through kebab case first.

/** `comment_group`, `yingdao-auth`, `mjjAppConfig` → `comment-group`, `yingdao-auth`, `mjj-app-config`. */
export const kebab = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();

/** `comment-group` → `commentGroup`. */
export const camel = (name: string): string =>
  kebab(name).replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** `comment-group` → `CommentGroup`. */
export const pascal = (name: string): string => {
  const c = camel(name);
  return c.charAt(0).toUpperCase() + c.slice(1);
};

/** `comment-group` → `comment group` (test titles, descriptions). */
export const words = (name: string): string => kebab(name).replace(/-/g, ' ');

/** A feature's name is its folder, its npm package suffix and its `domain:` tag: lower-case kebab case. */
export const FEATURE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export const FEATURES_DIR = 'libs/features';
export const featureRoot = (name: string): string => `${FEATURES_DIR}/${name}`;
export const featurePackage = (name: string): string => `@smart/feature-${name}`;
