// Reading the card network's JSON answers, where any member may be missing or of another type.

export type Json = Record<string, unknown>;

/** The value as an object (an array or anything else reads as an empty one). */
export const asObject = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** A string that is not empty, else undefined. */
export const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** A string that is not empty, or a number as text (the network writes months and amounts either way). */
export const textOf = (value: unknown): string | undefined =>
  typeof value === 'number' ? String(value) : nonEmptyString(value);
