// Device assert and __trap: calls get the user's file and line, failing threads print them, and
// the host call that waits for the kernel returns hipErrorAssert, on the CPU backend and on simx.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { output } from './translate-helpers.js';
import { runEverywhere, simxToolchains, translateAll } from '../programs.js';

const toolchains = simxToolchains('device assert');

describe('device assert and __trap', () => {
  it('name the source line and fail the waiting host call', { timeout: 600_000 }, async () => {
    const { out, results } = await translateAll(join('test', 'fixtures', 'device-assert'), ['device_assert.cu']);
    const result = results.get('device_assert.cu')!;
    expect(result.diagnostics).toEqual([]);
    const device = output(result, 'device');
    expect(device).toContain('hip2vx_assert("device_assert.cu", 10, v[i] > 0);');
    expect(device).toContain('hip2vx_trap("device_assert.cu", 15);');
    await runEverywhere(out, 'device_assert', toolchains, '', [{ config: '4x4' }]);
  });
});
