// The entity manifests' types and their derivation from the bundled contract (used by the generator and the
// server); the generated manifests themselves are at `@smart/api-sdk/entities`.
export * from './types';
export * from './entity';
export { isChoiceField, midSentence, placeholderText } from './field-texts';
export { deriveEntities, snakeCase, type ContractDocument } from './derive';
export { entityExampleBody } from './example-body';
