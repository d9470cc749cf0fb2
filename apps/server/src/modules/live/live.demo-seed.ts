/** The demo live class (DEMO_DATA=0 leaves it out): upcoming tomorrow, for everyone. */
import { elLive } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { secretId } from '../../platform/ids.js';

const DAY = 24 * 3600_000;

export async function seedDemoLive(tx: Tx, ctx: SeedContext): Promise<void> {
  const start = new Date(Math.ceil((ctx.now.getTime() + DAY) / 3600_000) * 3600_000);
  await tx.insert(elLive).values({
    title: '安全生产月直播讲座',
    lecturer: '王工程师',
    description: '结合典型案例讲解安全生产规范，直播中可在互动区提问。',
    startTime: start,
    endTime: new Date(start.getTime() + 3600_000),
    openType: 1,
    streamKey: secretId(18),
    playName: secretId(18),
    createdBy: ctx.userIds.get('admin') ?? null,
  });
}
