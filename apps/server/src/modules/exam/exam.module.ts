/** The exam module: exams (admin and learner list/check) and results. */
import type { FastifyInstance } from 'fastify';
import type { AnyConsumer } from '../../platform/events/index.js';
import { registerExamRoutes } from './exam.routes.js';
import { registerExamArrangeRoutes } from './exam-arrange.routes.js';
import { registerInvigilateRoutes } from './invigilate/invigilate.routes.js';
import { invigilateLiveConsumer } from './invigilate/invigilate-consumers.js';
import { registerMyExamRoutes } from './my-exams.js';
import { registerPrintRoutes } from './print/print.routes.js';
import { registerReportRoutes } from './report/report.routes.js';
import { registerResultRoutes } from './result.routes.js';
import { userRecordConsumer } from './user-record.js';

export function registerExamModule(app: FastifyInstance): void {
  registerExamRoutes(app);
  registerExamArrangeRoutes(app);
  registerResultRoutes(app);
  registerMyExamRoutes(app);
  registerPrintRoutes(app);
  registerReportRoutes(app);
  registerInvigilateRoutes(app);
}

/** The exam module's event consumers. */
export const examConsumers: AnyConsumer[] = [userRecordConsumer, invigilateLiveConsumer];
