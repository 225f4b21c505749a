// A rule table whose entries are resolved when first read. A one-file translation reads a few
// dozen of the ~3,500 host names; resolving all of them (construct policy lookups, reports) took
// about as long as translating the file.

export class LazyTable<R, T> implements ReadonlyMap<string, T> {
  private readonly resolved = new Map<string, T>();

  constructor(
    private readonly raw: ReadonlyMap<string, R>,
    private readonly resolve: (raw: R) => T,
  ) {}

  get size(): number {
    return this.raw.size;
  }

  has(key: string): boolean {
    return this.raw.has(key);
  }

  get(key: string): T | undefined {
    let value = this.resolved.get(key);
    if (value === undefined) {
      const raw = this.raw.get(key);
      if (raw === undefined) return undefined;
      value = this.resolve(raw);
      this.resolved.set(key, value);
    }
    return value;
  }

  *entries(): MapIterator<[string, T]> {
    for (const key of this.raw.keys()) yield [key, this.get(key)!];
  }

  keys(): MapIterator<string> {
    return this.raw.keys();
  }

  *values(): MapIterator<T> {
    for (const key of this.raw.keys()) yield this.get(key)!;
  }

  forEach(callback: (value: T, key: string, map: ReadonlyMap<string, T>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }
}
