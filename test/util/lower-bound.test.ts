// lowerBound: the binary search the edits, the tree's type lists and the host rewrite share.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerBound } from '../../src/lower-bound.js';

describe('lowerBound', () => {
  it('counts the leading elements of a sorted array below a key, as a linear scan does', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -20, max: 20 })), fc.integer({ min: -25, max: 25 }), (values, key) => {
      const sorted = [...values].sort((a, b) => a - b);
      expect(lowerBound(sorted.length, (i) => sorted[i] < key)).toBe(sorted.filter((v) => v < key).length);
      expect(lowerBound(sorted.length, (i) => sorted[i] <= key)).toBe(sorted.filter((v) => v <= key).length);
    }));
  });
});
