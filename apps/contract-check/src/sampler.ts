/**
 * Values from the contract's JSON schemas: a valid sample (examples first, else generated from types, enums,
 * const, patterns, bounds and required properties), unique variants for create bodies, and the invalid variants
 * of the negative checks.
 *
 * The parts live under `./sampler/`: reading schemas (`schema-shape`), strings for patterns (`pattern`), valid
 * samples (`sample`) and the unique and invalid variants (`variants`).
 */
export { exampleOf, flatten, objectShape, typeOf, type ObjectShape } from './sampler/schema-shape';
export { stringForPattern } from './sampler/pattern';
export { sample, type SampleOptions } from './sampler/sample';
export { isIdName, oversized, uniqueFields, uniqueString, unknownId, wrongType } from './sampler/variants';
