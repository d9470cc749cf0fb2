/**
 * The proctoring notice a learner consents to (personal information: what is collected, why, for
 * how long, who sees it), built from the exam's setting. Its version is a digest of the text, so
 * that any change of what the learner is told (another mode, another retention) needs a new
 * consent, while a renamed exam keeps the consents given.
 */
import { createHash } from 'node:crypto';
import { PROCTOR_MODE_LABELS, type TProctorMode, type TProctorSetting } from '@exam/contracts';

export interface NoticeText {
  modeLabel: string;
  collected: string[];
  purpose: string;
  retention: string;
  viewers: string;
  version: string;
}

export function noticeText(setting: TProctorSetting): NoticeText {
  const mode = setting.mode;
  const collected = [
    '入场身份核验时的摄像头画面：仅用于当场比对，分析后立即丢弃，不保存',
    '人脸特征值（一组数字，不能还原为照片）：未录入人脸的，在核验时录入并保存在您的账号中，可在个人中心删除',
    '身份核验的结果、时间、IP地址与浏览器信息',
  ];
  if (mode >= 2)
    collected.push(
      `考试过程中的摄像头抓拍：${everyText(setting)}一张，检测到异常（离开、多人、人脸不符、摄像头中断）时另拍一张`,
      '摄像头开关状态与离开考试页面的记录',
    );
  if (mode >= 3) collected.push('第二机位（手机）定时拍摄的考试环境画面');
  const purpose = '确认参加考试的是您本人，并发现考试中的违规行为，以保证考试公平；不用于其他任何目的。';
  const retention =
    mode >= 2
      ? `抓拍在成绩确定后保存${setting.retentionDays}天，期满自动删除；有申诉时可延长保存至处理完毕。身份核验记录随考试记录保存。`
      : '本场考试不抓拍；身份核验记录随考试记录保存。';
  const viewers = '本场考试的监考员与复核人员；其他考生看不到您的任何监考信息，每次查看抓拍都有记录。';
  const digest = createHash('sha256')
    .update(JSON.stringify({ mode, collected, purpose, retention, viewers }))
    .digest('hex')
    .slice(0, 16);
  return {
    modeLabel: PROCTOR_MODE_LABELS[mode as TProctorMode] ?? String(mode),
    collected,
    purpose,
    retention,
    viewers,
    version: `v1-${digest}`,
  };
}

/** 每30～120秒随机 / 每30秒 (an interval of one length is no random moment). */
function everyText(setting: TProctorSetting): string {
  return setting.snapMinSeconds === setting.snapMaxSeconds
    ? `每${setting.snapMinSeconds}秒`
    : `每${setting.snapMinSeconds}～${setting.snapMaxSeconds}秒随机`;
}
