/** The demo notice (DEMO_DATA=0 leaves it out): published to everyone, pinned. */
import { sysNotice } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';

export async function seedDemoNotice(tx: Tx, ctx: SeedContext): Promise<void> {
  const adminId = ctx.userIds.get('admin') ?? null;
  await tx.insert(sysNotice).values({
    title: '关于开展年度安全生产培训的通知',
    content:
      '<p>各部门：</p><p>为提升全员安全意识，请于本月内完成课程“安全生产入门”的学习，并参加“全题型体验考试”。考试合格者将自动获得“全题型体验合格证”。</p><p>人力资源部</p>',
    summary: '请于本月内完成课程“安全生产入门”的学习，并参加“全题型体验考试”。',
    openType: 1,
    pinned: true,
    state: 1,
    publishAt: ctx.now,
    createdBy: adminId,
    publishedBy: adminId,
  });
}
