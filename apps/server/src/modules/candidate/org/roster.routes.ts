/**
 * The organiser's candidate list of an exam (/api/candidate/roster/*): paging (masked), one
 * candidate unmasked (logged), the xlsx export (logged with its row count), the interview mark,
 * the result by SMS, the conversion into a learner, and the open link's QR code and poster. The
 * roster policy (candidate-roster.policy.ts) admits the administrator to the exam first.
 */
import {
  CANDIDATE_STATUS_LABELS,
  candidateRosterConvert,
  candidateRosterDetail,
  candidateRosterExport,
  candidateRosterInterview,
  candidateRosterPaging,
  candidateRosterPosterExport,
  candidateRosterQrExport,
  candidateRosterSmsResult,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elExamOpenLink, sysConfig } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { notFound } from '../../../platform/errors.js';
import { route, routeFile } from '../../../platform/route.js';
import { formatLocalDateTime } from '../../../platform/time-zone.js';
import { xlsxBook } from '../../../platform/xlsx.js';
import { siteBase } from '../../cert/cert-file.js';
import { loadSmsConfig } from '../../system/sms/sms.routes.js';
import { createNoticeSender } from '../../system/sms/sms-notice.js';
import { linkPosterPng, linkQrPng } from './link-poster.js';
import { candidateDetail, pageRoster, rosterRows } from './roster.service.js';
import { examForRoster } from './roster-access.js';
import { logPersonalData, markInterview, resultText, sendResults } from './roster-actions.js';
import { convertCandidate } from './roster-convert.js';

const tags = ['考生名单'];

async function siteName(db: Executor): Promise<string> {
  const [row] = await db.select({ siteName: sysConfig.siteName }).from(sysConfig).where(eq(sysConfig.id, '1'));
  return row?.siteName ?? '在线考试';
}

/** The candidates' link of the exam (`/candidate/<token>`); 10010003 when the exam has none. */
async function linkOf(db: Executor, examId: string, base: string): Promise<string> {
  const [link] = await db
    .select({ token: elExamOpenLink.token })
    .from(elExamOpenLink)
    .where(eq(elExamOpenLink.examId, examId));
  if (!link) throw notFound('考生链接');
  return `${base}/candidate/${link.token}`;
}

const minutes = (s: number | null) => (s == null ? '' : Math.round(s / 6) / 10);

export function registerRosterRoutes(app: FastifyInstance): void {
  route(app, candidateRosterPaging, { summary: '考生名单', tags }, async ({ body, deps }) =>
    pageRoster(deps.db, body.params, body.current, body.size),
  );

  route(app, candidateRosterDetail, { summary: '考生详情', tags }, async ({ body, deps, user, ip, userAgent }) => {
    const detail = await candidateDetail(deps.db, body.examId, body.id);
    // The unmasked fields are shown: who looked at whose data is kept.
    await logPersonalData(
      deps.db,
      { user, ip, userAgent },
      '查看考生个人信息',
      candidateRosterDetail.path,
      { examId: body.examId, candidateId: body.id },
      `查看考生 ${detail.name ?? body.id} 的个人信息`,
    );
    return detail;
  });

  routeFile(
    app,
    candidateRosterExport,
    { summary: '导出考生名单', tags },
    async ({ body, deps, user, ip, userAgent }) => {
      const exam = await examForRoster(deps.db, user, body.examId);
      const rows = await rosterRows(deps.db, body);
      const book = xlsxBook(deps.config.timeZone);
      book.sheet(
        '考生名单',
        [
          { header: '姓名', key: 'name', width: 12 },
          { header: '手机号', key: 'mobile', width: 14, kind: 'text' },
          { header: '身份证号', key: 'idNumber', width: 20, kind: 'text' },
          { header: '单位', key: 'company', width: 18 },
          { header: '状态', key: 'status', width: 10 },
          { header: '得分', key: 'score', width: 8 },
          { header: '总分', key: 'totalScore', width: 8 },
          { header: '结果', key: 'result', width: 8 },
          { header: '开始时间', key: 'startTime', width: 20, kind: 'datetime' },
          { header: '交卷时间', key: 'handTime', width: 20, kind: 'datetime' },
          { header: '用时（分钟）', key: 'used', width: 12 },
          { header: '切屏次数', key: 'leaveCount', width: 10 },
          { header: '面试', key: 'interview', width: 8 },
          { header: '登记时间', key: 'registeredAt', width: 20, kind: 'datetime' },
          { header: '其他信息', key: 'custom', width: 30 },
        ],
        rows.map((r) => ({
          ...r,
          status: CANDIDATE_STATUS_LABELS[r.status],
          result: r.passed === null ? '' : r.passed ? '通过' : '未通过',
          used: minutes(r.usedSeconds),
          interview: r.interview ? '是' : '',
          custom: Object.values(r.custom).join('；'),
        })),
      );
      await logPersonalData(
        deps.db,
        { user, ip, userAgent },
        '导出考生名单',
        candidateRosterExport.path,
        { ...body, rows: rows.length },
        `导出考试「${exam.title}」的考生名单 ${rows.length} 行`,
      );
      const stamp = formatLocalDateTime(deps.clock(), deps.config.timeZone).replace(/[-: ]/g, '').slice(0, 12);
      return book.toFile(`考生名单-${exam.title}-${stamp}.xlsx`);
    },
  );

  route(app, candidateRosterInterview, { summary: '标记面试', tags }, async ({ body, deps }) => ({
    changed: await markInterview(deps.db, body.examId, body.ids, body.interview),
  }));

  route(
    app,
    candidateRosterSmsResult,
    { summary: '短信发送考试结果', tags, rateLimit: { max: 10, timeWindow: '1 minute', per: 'user' } },
    async ({ body, deps, user, request }) => {
      const exam = await examForRoster(deps.db, user, body.examId);
      const rows = await rosterRows(deps.db, { examId: body.examId }, undefined, body.ids);
      let sender: ReturnType<typeof createNoticeSender> | Error;
      try {
        sender = createNoticeSender(await loadSmsConfig(deps.db), request.log);
      } catch (err) {
        sender = err instanceof Error ? err : new Error(String(err));
      }
      const name = await siteName(deps.db);
      return sendResults(rows, body.ids, sender, (row) => resultText(name, exam, row));
    },
  );

  route(app, candidateRosterConvert, { summary: '考生转为学员', tags }, async ({ body, deps, user }) =>
    convertCandidate(deps.db, user, body),
  );

  routeFile(app, candidateRosterQrExport, { summary: '考生链接二维码', tags }, async ({ body, deps, request }) => {
    const url = await linkOf(deps.db, body.examId, siteBase(request));
    return { fileName: '考生链接二维码.png', contentType: 'image/png', body: await linkQrPng(url) };
  });

  routeFile(
    app,
    candidateRosterPosterExport,
    { summary: '考生链接海报', tags },
    async ({ body, deps, user, request }) => {
      const exam = await examForRoster(deps.db, user, body.examId);
      const url = await linkOf(deps.db, body.examId, siteBase(request));
      const zone = deps.config.timeZone;
      const png = linkPosterPng({
        title: exam.title,
        subtitle: `${formatLocalDateTime(exam.startTime, zone).slice(0, 16)} 至 ${formatLocalDateTime(exam.endTime, zone).slice(0, 16)}`,
        url,
        siteName: await siteName(deps.db),
      });
      return { fileName: `考试海报-${exam.title}.png`, contentType: 'image/png', body: png };
    },
  );
}
