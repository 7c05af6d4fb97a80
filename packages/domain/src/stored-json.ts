/**
 * A configuration kept in local storage, read back: the parsed object, or null when nothing is
 * stored, the text is not JSON or not an object. Unreadable counts as absent (spec section 4).
 */
export function readStoredObject<T>(stored: string | null): Partial<T> | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : null;
  } catch {
    return null;
  }
}

/**
 * The stored configuration when it is of the defaults' version (`lastUpdated`), laid over the
 * defaults (the `nested` parts field by field, so a part stored before a field was added keeps
 * it); else the defaults.
 */
export function storedOfVersionOrDefaults<T extends { lastUpdated: string }>(
  stored: string | null,
  defaults: T,
  nested: readonly (keyof T)[] = [],
): T {
  const parsed = readStoredObject<T>(stored);
  if (parsed?.lastUpdated !== defaults.lastUpdated) return defaults;
  const merged = { ...defaults, ...parsed };
  for (const key of nested) merged[key] = { ...defaults[key], ...parsed[key] };
  return merged;
}
