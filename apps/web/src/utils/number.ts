/** Number shortening of SPEC 9: k, M, G, T, P, E. */
const UNITS: { value: number; symbol: string }[] = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

export function formatNumber(num: number, digits = 1): string {
  for (const unit of UNITS) {
    if (Math.abs(num) >= unit.value) {
      return (num / unit.value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + unit.symbol;
    }
  }
  return String(num);
}

/** 1234567 -> '1,234,567'. */
export const toThousands = (num: number): string => (num || 0).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A 0-1 rate as a percentage with at most two decimals: 0.4286 -> '42.86%', 0.5 -> '50%'. */
export const formatPercent = (rate: number): string => `${Number.isFinite(rate) ? Math.round(rate * 10000) / 100 : 0}%`;
