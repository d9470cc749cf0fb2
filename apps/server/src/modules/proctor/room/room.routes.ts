/** /api/exam/proctor/{room,snapshot,camera,second/*}: the learner's room and the phone (thin handlers). */
import {
  examProctorCamera,
  examProctorRoom,
  examProctorSecondInfo,
  examProctorSecondLink,
  examProctorSecondSnapshot,
  examProctorSnapshot,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { siteBase } from '../../cert/cert-file.js';
import { cameraState, roomState, secondInfo, secondLink, secondSnapshot, uploadSnapshot } from './room.service.js';

const tags = ['考试-远程监考'];

export function registerRoomRoutes(app: FastifyInstance): void {
  route(app, examProctorRoom, { summary: '监考考场：抓拍设置与监考状态', tags }, async ({ body, user, deps }) =>
    roomState(deps, user.id, body.paperId),
  );
  route(app, examProctorSnapshot, { summary: '监考考场：上传抓拍', tags }, async ({ body, user, deps }) =>
    uploadSnapshot(deps, user.id, body),
  );
  route(app, examProctorCamera, { summary: '监考考场：摄像头状态变化', tags }, async ({ body, user, deps }) =>
    cameraState(deps, user.id, body),
  );
  route(
    app,
    examProctorSecondLink,
    { summary: '监考考场：第二机位链接', tags },
    async ({ body, user, deps, request }) => secondLink(deps, user.id, body.paperId, siteBase(request)),
  );
  route(app, examProctorSecondInfo, { summary: '第二机位：考试信息', tags }, async ({ body, deps }) =>
    secondInfo(deps, body.token),
  );
  route(app, examProctorSecondSnapshot, { summary: '第二机位：上传画面', tags }, async ({ body, deps }) =>
    secondSnapshot(deps, body),
  );
}
