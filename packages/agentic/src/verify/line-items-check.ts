import { isPlainObject } from '../encoding.ts';
import { CONSTRAINT } from '../vi/constants.ts';
import { fail, isAmount, type ConstraintOutcome } from './constraint-outcome.ts';

interface Requirement {
  readonly ids: ReadonlySet<string>;
  /** Its acceptable items were all disclosed as nothing: any product. */
  readonly anyItem: boolean;
  readonly quantity: number;
}

const type = CONSTRAINT.lineItems;

/**
 * `mandate.checkout.line_items`: every item bought is an acceptable item of some requirement; the
 * total quantity is within the requirements' sum, and each product's within the sum of the
 * requirements that accept it; in `exact` mode every requirement is bought. Undisclosed acceptable
 * items accept nothing.
 */
export function checkLineItems(constraint: object, lineItems: unknown): ConstraintOutcome {
  const { items, match_mode: mode = 'minimum' } = constraint as Record<string, unknown>;
  const requirements = readRequirements(items);
  if (requirements === undefined || (mode !== 'minimum' && mode !== 'exact')) {
    return fail(type, 'MANDATE_INVALID', 'malformed_constraint');
  }
  const bought = readPurchases(lineItems);
  if (bought === undefined) return fail(type, 'MANDATE_INVALID', 'malformed_line_items');
  if (bought.size === 0) return fail(type, 'ITEM_NOT_ALLOWED', 'nothing_bought');
  const anyItem = requirements.some((r) => r.anyItem);
  const accepted = new Set(requirements.flatMap((r) => [...r.ids]));
  for (const [id, quantity] of bought) {
    if (!anyItem && !accepted.has(id)) {
      return fail(type, 'ITEM_NOT_ALLOWED', id, { relation: 'one_of', expected: [...accepted], actual: id });
    }
    const cap = requirements.filter((r) => r.anyItem || r.ids.has(id)).reduce((sum, r) => sum + r.quantity, 0);
    if (quantity > cap)
      return fail(type, 'ITEM_NOT_ALLOWED', id, { relation: 'at_most', expected: cap, actual: quantity });
  }
  const total = [...bought.values()].reduce((sum, q) => sum + q, 0);
  const limit = requirements.reduce((sum, r) => sum + r.quantity, 0);
  if (total > limit)
    return fail(type, 'ITEM_NOT_ALLOWED', 'total_quantity', { relation: 'at_most', expected: limit, actual: total });
  if (mode === 'exact') {
    const missed = requirements.find((r) => !r.anyItem && ![...r.ids].some((id) => bought.has(id)));
    if (missed !== undefined) return fail(type, 'ITEM_NOT_ALLOWED', 'requirement_not_bought');
  }
  return { type, outcome: 'pass', compared: { relation: 'at_most', expected: limit, actual: total } };
}

function readRequirements(items: unknown): Requirement[] | undefined {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const requirements: Requirement[] = [];
  for (const item of items) {
    if (!isPlainObject(item) || typeof item.id !== 'string' || !Array.isArray(item.acceptable_items)) return undefined;
    if (!isAmount(item.quantity) || item.quantity === 0) return undefined;
    const ids = item.acceptable_items
      .filter((a) => isPlainObject(a) && !('...' in a))
      .map((a) => (a as Record<string, unknown>).id)
      .filter((id): id is string => typeof id === 'string');
    requirements.push({ ids: new Set(ids), anyItem: item.acceptable_items.length === 0, quantity: item.quantity });
  }
  return requirements;
}

/** Quantities bought by product id; undefined when a line is not `{id, quantity}`. */
function readPurchases(lineItems: unknown): Map<string, number> | undefined {
  if (!Array.isArray(lineItems)) return undefined;
  const bought = new Map<string, number>();
  for (const line of lineItems) {
    if (!isPlainObject(line) || typeof line.id !== 'string' || line.id === '' || !isAmount(line.quantity))
      return undefined;
    if (line.quantity > 0) bought.set(line.id, (bought.get(line.id) ?? 0) + line.quantity);
  }
  return bought;
}
