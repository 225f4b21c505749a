// The HIP runtime's host API: bad calls and error state, copies, device globals, no device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Build, expectAllOk } from './harness.js';

describe('HIP runtime (host API)', () => {
  let build: Build;
  beforeAll(async () => {
    build = await new Build().prepare();
  });
  afterAll(() => build?.dispose());

  for (const name of ['memcpy', 'symbols']) {
    it(`${name}: every check passes`, () => {
      expectAllOk(build.run(build.program(name)));
    });
  }

  it('errors: every check passes; a launch refused for its shape, its shared memory or an unreachable pointer says why on stderr', () => {
    const r = build.run(build.program('errors'));
    expectAllOk(r);
    expect(r.stderr).toMatch(/^hip2vx: kernel \S+: not launched: grid 1,1,1 of blocks \d+,2,1; a block runs on one core, which has \d+ warps of \d+ threads$/m);
    expect(r.stderr).toMatch(/^hip2vx: kernel \S+: not launched: grid 0,1,1 of blocks 1,1,1 is empty \(an error on a GPU too\)$/m);
    expect(r.stderr).toMatch(/^hip2vx: kernel \S+: not launched: a block of 1 threads needs \d+ bytes of shared memory, more than a core offers each of the blocks it runs at once$/m);
    expect(r.stderr).toMatch(/^hip2vx: kernel \S+: not launched: its argument 1 is an address the device cannot reach \(a host pointer\?\)$/m);
  });

  it('nodevice: calls fail cleanly when the device cannot be opened', () => {
    expectAllOk(build.run(build.program('nodevice'), { HIP2VX_CPU_THREADS: 'not-a-number' }));
  });
});
