/**
 * How a composite question's score reaches its children: whole or half points, the last child
 * taking the rest (20 over 3: 6.5, 6.5, 7). Thirds such as 6.66 / 6.66 / 6.68 reached totals and
 * reports as 16.66. A score too small for half a point each is split in hundredths. Shared by the
 * paper build (server) and the editors' preview (web).
 */
export function splitCompositeScore(total: number, parts: number): number[] {
  if (parts <= 0) return [];
  const half = Math.floor((total * 2) / parts + 1e-9) / 2;
  const each = half > 0 ? half : Math.floor((total * 100) / parts) / 100;
  const out = Array.from({ length: parts }, () => each);
  out[parts - 1] = Math.round((total - each * (parts - 1)) * 100) / 100;
  return out;
}

/** The rule in one sentence, as the editors state it. */
export const COMPOSITE_SCORE_RULE = '组合题的分值按小题平均分配到整分或半分，余数计入最后一小题';
