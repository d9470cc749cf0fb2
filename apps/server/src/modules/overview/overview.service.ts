/**
 * The training manager's home (控制台): what to do next rather than system counts (those are on
 * 系统管理 → 系统日志). Each part is read only when the viewer holds the permission of the page
 * that shows it (null otherwise); people figures follow the viewer's data scope. Days follow the
 * site's time zone. This module stands above every other (it reads their tables, none reads it).
 */
import type { TTrainingOverview } from '@exam/contracts';
import type { AuthUser } from '../../platform/auth.js';
import { cachedPermissions } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import type { StorageConfig } from '../../platform/storage/storage-config.js';
import { addLocalDays, startOfDay } from '../../platform/time-zone.js';
import { certsPart, coursesPart, overdueCourses } from './course-parts.js';
import { examsIn, markingPart, missedExams } from './exam-parts.js';
import { setupList } from './setup-list.js';

const DAY = 86_400_000;
/** How far back an ended course or exam still counts as overdue. */
export const OVERDUE_DAYS = 30;

export async function trainingOverview(
  db: Executor,
  viewer: AuthUser,
  ctx: { now: Date; zone: string; storage: StorageConfig },
): Promise<TTrainingOverview> {
  const tags = new Set(await cachedPermissions(db, viewer.id));
  const has = (tag: string) => tags.has(tag);
  const { now, zone } = ctx;
  const today = startOfDay(now, zone);
  const tomorrow = addLocalDays(today, 1, zone);
  const since = new Date(now.getTime() - OVERDUE_DAYS * DAY);
  const exams = has('exam:exam:view');
  const overdue =
    has('course:stat:view') || has('exam:result:view')
      ? [
          ...(has('course:stat:view') ? await overdueCourses(db, viewer, since, now) : []),
          ...(has('exam:result:view') ? await missedExams(db, viewer, since, now) : []),
        ]
      : null;
  return {
    marking: has('exam:mark:view') ? await markingPart(db, viewer) : null,
    examsToday: exams ? await examsIn(db, viewer, today, tomorrow, false) : null,
    examsWeek: exams ? await examsIn(db, viewer, tomorrow, addLocalDays(tomorrow, 7, zone), true) : null,
    courses: has('course:stat:view') ? await coursesPart(db, viewer) : null,
    certs: has('cert:cert:view') ? await certsPart(db, viewer, since) : null,
    overdue,
    setup: has('sys:config:save') ? await setupList(db, ctx.storage) : null,
  };
}
