// Lookup of names against rule patterns: exact names, and `prefix*` patterns where the longest
// prefix wins (so `cudaGraphics*` beats `cudaGraph*` for cudaGraphicsMapResources).

export class NameIndex<T> {
  private readonly exact = new Map<string, T>();
  private readonly prefixes = new Map<string, T>();
  /** Distinct prefix lengths, longest first: a lookup tries one slice per length. */
  private readonly lengths: number[];

  constructor(patterns: Iterable<readonly [pattern: string, value: T]>) {
    for (const [pattern, value] of patterns) {
      if (pattern.endsWith('*')) this.prefixes.set(pattern.slice(0, -1), value);
      else this.exact.set(pattern, value);
    }
    this.lengths = [...new Set([...this.prefixes.keys()].map((p) => p.length))].sort((a, b) => b - a);
  }

  get(name: string): T | undefined {
    const exact = this.exact.get(name);
    if (exact !== undefined) return exact;
    for (const length of this.lengths) {
      if (length > name.length) continue;
      const value = this.prefixes.get(name.slice(0, length));
      if (value !== undefined) return value;
    }
    return undefined;
  }
}
