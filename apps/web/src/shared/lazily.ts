/**
 * A value made on its first use. For `Intl` formatters above all: the first one of a kind loads the
 * browser's locale data (about 10 ms on a laptop, 40 on a phone), so one made when a module loads
 * holds the main thread while a page starts, for a text that may never be shown.
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
