/** Study time (courses): 45秒, 12分钟, 2小时5分钟. */
export function formatStudy(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)}秒`;
  const m = Math.floor(seconds / 60);
  return m >= 60 ? `${Math.floor(m / 60)}小时${m % 60}分钟` : `${m}分钟`;
}
