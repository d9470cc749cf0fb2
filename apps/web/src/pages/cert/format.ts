/** 2026年11月24日, in China time like the printed certificate. */
export const formatCertDate = (iso: string): string =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
