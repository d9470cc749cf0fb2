/** The training module: practice sessions, spaced review of the wrong-answer book, statistics, favourites and notes. */
import type { FastifyInstance } from 'fastify';
import type { AnyConsumer } from '../../platform/events/index.js';
import { bookOnPaperConsumer } from './book-on-paper.js';
import { registerFavRoutes } from './fav/fav.routes.js';
import { registerTrainStatRoutes } from './stat.routes.js';
import { registerTrainRoutes } from './train.routes.js';

export function registerTrainModule(app: FastifyInstance): void {
  registerTrainRoutes(app);
  registerTrainStatRoutes(app);
  registerFavRoutes(app);
}

/** The training module's event consumers. */
export const trainConsumers: AnyConsumer[] = [bookOnPaperConsumer];
