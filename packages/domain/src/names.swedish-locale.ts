/**
 * Test support (imported by path, not exported by the package): runs `fn` as under a Swedish
 * browser, phone or server, whose own order puts "Ö" after "Z", for `localeCompare` called
 * without a locale; then puts it back. A list sorted by compareNames (decisions 0612, 0614) must
 * come out the same under it; one sorted by `localeCompare` without a locale does not.
 */
export async function underSwedishLocale<T>(fn: () => T | Promise<T>): Promise<T> {
  const original = String.prototype.localeCompare;
  Object.defineProperty(String.prototype, "localeCompare", {
    value: function (this: string, that: string, locales?: Intl.LocalesArgument, options?: Intl.CollatorOptions) {
      return original.call(this, that, locales ?? "sv", options);
    },
    configurable: true,
    writable: true,
  });
  try {
    // the runtime has Swedish (full ICU): else the test proves nothing
    if (["Öz", "Zed"].sort((a, b) => a.localeCompare(b))[0] !== "Zed") throw new Error("no Swedish collation here");
    return await fn();
  } finally {
    Object.defineProperty(String.prototype, "localeCompare", { value: original, configurable: true, writable: true });
  }
}
