// Lookup of names against rule patterns: exact names, and `prefix*` patterns where the longest
// prefix wins (so `cudaGraphics*` beats `cudaGraph*` for cudaGraphicsMapResources).

export class NameIndex<T> {
  private readonly exact = new Map<string, T>();
  /** Prefix patterns bucketed by their first `keyLength` characters, longest first in a bucket. */
  private readonly buckets = new Map<string, [prefix: string, value: T][]>();
  private readonly keyLength: number;

  constructor(patterns: Iterable<readonly [pattern: string, value: T]>) {
    const prefixes: [string, T][] = [];
    for (const [pattern, value] of patterns) {
      if (pattern.endsWith('*')) prefixes.push([pattern.slice(0, -1), value]);
      else this.exact.set(pattern, value);
    }
    this.keyLength = Math.min(...prefixes.map(([p]) => p.length));
    for (const entry of prefixes.sort((a, b) => b[0].length - a[0].length)) {
      const key = entry[0].slice(0, this.keyLength);
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(entry);
      else this.buckets.set(key, [entry]);
    }
  }

  get(name: string): T | undefined {
    const exact = this.exact.get(name);
    if (exact !== undefined || this.buckets.size === 0) return exact;
    return this.buckets.get(name.slice(0, this.keyLength))?.find(([prefix]) => name.startsWith(prefix))?.[1];
  }
}
