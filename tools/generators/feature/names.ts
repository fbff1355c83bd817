import { camel, FEATURE_NAME, featurePackage, featureRoot, pascal } from '../shared/names';

/** Every name a new feature library is known by. */
export interface FeatureNames {
  /** `zz-gen-check`: folder, `domain:` tag, `defineFeature({ name })`. */
  name: string;
  /** `zzGenCheck`: catalogue key and the console's local name of the feature. */
  key: string;
  /** `ZzGenCheck`: the catalogue's type name. */
  type: string;
  /** `@smart/feature-zz-gen-check`. */
  packageName: string;
  /** `libs/features/zz-gen-check`. */
  root: string;
}

export function featureNames(name: string): FeatureNames {
  if (!FEATURE_NAME.test(name))
    throw new Error(
      `feature: "${name}" is not a feature name: lower-case words joined by hyphens, starting with a letter (e.g. "mj", "rpa-admin")`,
    );
  return {
    name,
    key: camel(name),
    type: pascal(name),
    packageName: featurePackage(name),
    root: featureRoot(name),
  };
}
