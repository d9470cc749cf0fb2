/**
 * The exam link's preview when it is shared to a chat (WeChat, DingTalk): the exam's title, a line
 * about it and its cover (or the site's share picture), written into the page by the platform's
 * page fallback (platform/page-meta.ts). Only an enabled link of a live exam has a preview; nothing
 * about the limits or the candidates is in it.
 */
import type { Db } from '../../platform/db.js';
import type { PageMeta } from '../../platform/page-meta.js';
import { openLink } from './register.service.js';

/** The landing page's path: /candidate/<token>. */
export const LINK_PAGE = /^\/candidate\/([A-Za-z0-9_-]{8,64})\/?$/;

export const SHARE_IMAGE = '/share-exam.png';

export async function linkPageMeta(db: Db, match: RegExpMatchArray): Promise<PageMeta | null> {
  const { exam } = await openLink(db, match[1]);
  const intro = (exam.content ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  const limit = exam.duration > 0 ? `限时${exam.duration}分钟` : '不限时';
  return {
    title: exam.title,
    description: intro ? `${intro}（${limit}）` : `在线考试，${limit}，点击链接报名参加`,
    image: exam.cover || SHARE_IMAGE,
  };
}
