/** The proctor module (远程监考): the exam's door, the room, the console, the review and retention; its sweeps. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { startSweeper } from '../../platform/sweep.js';
import { registerConsoleRoutes } from './console/console.routes.js';
import { registerDoorRoutes } from './door/door.routes.js';
import { registerRetentionRoutes } from './retention/retention.routes.js';
import { sweepRetention } from './retention/retention.service.js';
import { registerReviewRoutes } from './review/review.routes.js';
import { registerRoomRoutes } from './room/room.routes.js';
import { sweepSecondCameras } from './room/second-sweep.js';

export function registerProctorModule(app: FastifyInstance): void {
  registerDoorRoutes(app);
  registerRoomRoutes(app);
  registerConsoleRoutes(app);
  registerReviewRoutes(app);
  registerRetentionRoutes(app);
}

/**
 * The second camera's watch (every 30 s) and the snapshots' retention (hourly, counted in the
 * log); answers a stop function.
 */
export function startProctorSweepers(
  deps: Pick<AppDeps, 'db' | 'clock' | 'blobs'>,
  log: { info: (msg: string) => void; error: (obj: { err: unknown }, msg: string) => void },
): () => void {
  const stops = [
    startSweeper(
      () => sweepSecondCameras(deps),
      30_000,
      (err) => log.error({ err }, '第二机位断开检查任务失败'),
    ),
    startSweeper(
      async () => {
        const n = await sweepRetention(deps);
        if (n > 0) log.info(`监考抓拍到期删除 ${n} 张`);
      },
      3_600_000,
      (err) => log.error({ err }, '监考抓拍到期删除任务失败'),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
