// Kernel launches through __hipRegisterFunctionWithMetadata/hipLaunchKernel on the CPU backend.
import { afterAll, beforeAll, describe, it } from 'vitest';

import { Build, expectAllOk } from './harness.js';

describe('HIP runtime (launches)', () => {
  let build: Build;
  beforeAll(async () => {
    build = await new Build().prepare();
    for (const id of ['record_args', 'scale_span', 'add_slow', 'fail']) build.kernel(id);
  });
  afterAll(() => build?.dispose());

  it('packs arguments, runs kernels in issue order and reports failures', () => {
    expectAllOk(build.run(build.program('launch', [build.binDirFlag]), { HIP2VX_CPU_WORKERS: '4' }));
  });
});
