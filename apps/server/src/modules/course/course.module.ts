/** The course module (课程学习): administration, the learner's side, progress, files, statistics. */
import type { FastifyInstance } from 'fastify';
import { registerCourseAdminRoutes } from './course.routes.js';
import { registerCourseContent } from './course-content.js';
import { registerCourseLearnRoutes } from './learn.routes.js';
import { registerCourseStatRoutes } from './stat.routes.js';

export { courseLockOf, lockedExams } from './learn.service.js';

export function registerCourseModule(app: FastifyInstance): void {
  registerCourseAdminRoutes(app);
  registerCourseLearnRoutes(app);
  registerCourseContent(app);
  registerCourseStatRoutes(app);
}
