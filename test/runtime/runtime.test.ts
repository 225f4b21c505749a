// The HIP runtime's host API: bad calls and error state, copies, device globals.
import { afterAll, beforeAll, describe, it } from 'vitest';

import { Build, expectAllOk } from './harness.js';

describe('HIP runtime (host API)', () => {
  let build: Build;
  beforeAll(() => {
    build = new Build().prepare();
  });
  afterAll(() => build?.dispose());

  for (const name of ['errors', 'memcpy', 'symbols']) {
    it(`${name}: every check passes`, () => {
      expectAllOk(build.run(build.program(name)));
    });
  }
});
