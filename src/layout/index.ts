// Public surface of the layout engine.
export * from './ctype.js';
export { SCALAR_NAMES, isScalarName, BIGGEST_ALIGNMENT } from './scalars.js';
export { vectorType, VECTOR_NAMES } from './vectors.js';
export { runtimeRecord } from './runtime-records.js';
export { layoutOf, recordLayout, argsLayout, roundUp, ARGS_HEADER_SIZE } from './layout.js';
export { renderDeclaration, renderTypeId, renderDefinitions } from './ctext.js';
export { sameOnDevice, describeDifference } from './difference.js';
