/**
 * The tab a key selects in a tab list of `count` tabs, wrapping around; undefined for any other key.
 * Left and right follow the reading direction; a vertical list also takes up and down.
 */
export function tabKeyTarget(
  key: string,
  index: number,
  count: number,
  { rtl, vertical = false }: { rtl: boolean; vertical?: boolean },
): number | undefined {
  const moves: Record<string, number> = {
    ...(vertical ? { ArrowDown: index + 1, ArrowUp: index - 1 } : {}),
    [rtl ? 'ArrowLeft' : 'ArrowRight']: index + 1,
    [rtl ? 'ArrowRight' : 'ArrowLeft']: index - 1,
    Home: 0,
    End: count - 1,
  };
  const target = moves[key];
  return target === undefined ? undefined : (target + count) % count;
}
