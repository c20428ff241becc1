import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ECON_MODEL_KINDS } from './envelope';
import { ECON_MODEL_SPECS } from './index';

/*
 * Every kind's request and response schemas render to JSON Schema (the OpenAPI document is built
 * from them): a transform in a response schema cannot be represented, so normalization of what
 * clients send happens in preprocessing, before validation.
 */
describe('econ-model schemas render to JSON Schema', () => {
  it.each(ECON_MODEL_KINDS)('%s', (kind) => {
    const spec = ECON_MODEL_SPECS[kind];
    expect(() => z.toJSONSchema(spec.functions, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(spec.functionsView, { io: 'output' })).not.toThrow();
  });
});
