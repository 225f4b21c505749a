// The HIP runtime's host API: bad calls and error state, copies, device globals, no device.
import { afterAll, beforeAll, describe, it } from 'vitest';

import { Build, expectAllOk } from './harness.js';

describe('HIP runtime (host API)', () => {
  let build: Build;
  beforeAll(async () => {
    build = await new Build().prepare();
  });
  afterAll(() => build?.dispose());

  for (const name of ['errors', 'memcpy', 'symbols']) {
    it(`${name}: every check passes`, () => {
      expectAllOk(build.run(build.program(name)));
    });
  }

  it('nodevice: calls fail cleanly when the device cannot be opened', () => {
    expectAllOk(build.run(build.program('nodevice'), { HIP2VX_CPU_THREADS: 'not-a-number' }));
  });
});
