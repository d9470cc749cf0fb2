/** /api/exam/proctor/{row-list,timeline-detail,snapshot/image-preview,warn,pause}: the invigilator's console (thin handlers). */
import {
  examProctorPause,
  examProctorRows,
  examProctorSnapshotImage,
  examProctorTimeline,
  examProctorWarn,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route, routeFile } from '../../../platform/route.js';
import { pause, proctorRows, proctorTimeline, snapshotImage, warn } from './console.service.js';

const tags = ['考试-远程监考'];

export function registerConsoleRoutes(app: FastifyInstance): void {
  route(app, examProctorRows, { summary: '监考：考生监考状态', tags }, async ({ body, user, deps }) =>
    proctorRows(deps, user, body.examId),
  );
  route(app, examProctorTimeline, { summary: '监考：考生抓拍与标记时间线', tags }, async ({ body, user, deps, ip }) =>
    proctorTimeline(deps, user, body.paperId, ip),
  );
  routeFile(app, examProctorSnapshotImage, { summary: '监考：查看抓拍图片', tags }, async ({ body, user, deps, ip }) =>
    snapshotImage(deps, user, body.snapshotId, ip),
  );
  route(app, examProctorWarn, { summary: '监考：警告考生', tags }, async ({ body, user, deps }) =>
    warn(deps, user, body.paperId, body.content),
  );
  route(app, examProctorPause, { summary: '监考：暂停或恢复考生作答', tags }, async ({ body, user, deps }) =>
    pause(deps, user, body),
  );
}
