/** How personal fields look in lists: enough to tell candidates apart, not enough to reach them. */

/** 13800000000 → 138****0000; anything else keeps its first 3 and last 4 characters. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return mobile;
  if (mobile.length <= 7) return `${mobile.slice(0, 1)}****`;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

/** 110101199001011234 → 110***********1234: the region's first digits and the last four. */
export function maskIdNumber(id: string | null): string | null {
  if (!id) return id;
  if (id.length <= 8) return `${id.slice(0, 1)}${'*'.repeat(Math.max(0, id.length - 1))}`;
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}
