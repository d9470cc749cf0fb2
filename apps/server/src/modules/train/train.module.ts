/** The training module: practice sessions, the wrong-answer book and its spaced review, statistics, favourites and notes. */
import type { FastifyInstance } from 'fastify';
import type { AnyConsumer } from '../../platform/events/index.js';
import { registerBookRoutes } from './book.routes.js';
import { bookOnPaperConsumer } from './book-on-paper.js';
import { registerFavRoutes } from './fav/fav.routes.js';
import { registerMasteryRoutes } from './mastery/mastery.routes.js';
import { masteryConsumer } from './mastery/mastery-record.js';
import { quStatsConsumer } from './qu-stats-consumer.js';

export { recomputeDueQuStats, startQuStatsSweeper } from './qu-stats-consumer.js';

import { registerTrainStatRoutes } from './stat.routes.js';
import { registerTrainRoutes } from './train.routes.js';

export function registerTrainModule(app: FastifyInstance): void {
  registerTrainRoutes(app);
  registerTrainStatRoutes(app);
  registerFavRoutes(app);
  registerBookRoutes(app);
  registerMasteryRoutes(app);
}

/** The training module's event consumers. */
export const trainConsumers: AnyConsumer[] = [bookOnPaperConsumer, quStatsConsumer, masteryConsumer];
