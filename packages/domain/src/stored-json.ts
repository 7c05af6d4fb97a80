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
