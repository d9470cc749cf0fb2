import { formatChineseDate } from '../../utils/date-format';

/** 2026年11月24日 in the site's time zone, like the printed certificate. */
export const formatCertDate = (iso: string): string => formatChineseDate(iso);
