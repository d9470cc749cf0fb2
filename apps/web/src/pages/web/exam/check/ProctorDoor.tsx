/**
 * 远程监考 on the check page: the notice and the learner's consent, then the identity check (the
 * active challenge; a learner without an enrolled face is enrolled for this exam by it). After
 * PROCTOR_DOOR_FAILURES failures the learner may ask the invigilator to admit them, and the notice is
 * polled until they are. The start button waits for `onState({ ready: true })`.
 */
import {
  examProctorAdmitRequest,
  examProctorChallenge,
  examProctorChallengeStep,
  examProctorConsent,
  examProctorNotice,
  PROCTOR_DOOR_FAILURES,
  ProctorMode,
  type TProctorNotice,
} from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Descriptions, Grid, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from '../../../../api/call';
import LoadFailed from '../../../../components/LoadFailed';
import ChallengeRunner, { type StepBody } from '../../../../components/proctor/ChallengeRunner';
import SecondCameraQr from '../../../../components/proctor/SecondCameraQr';
import { formatTime } from '../../../../utils/date-format';

export const ADMIT_POLL_MS = 10_000;

export interface DoorState {
  ready: boolean;
  /** Why the learner cannot start yet. */
  reason: string | null;
}

/** Whether the learner may start, and why not (pure: the check page's gate). */
export function doorState(notice: TProctorNotice | undefined): DoorState {
  if (!notice) return { ready: false, reason: '正在加载监考告知' };
  if (!notice.consented) return { ready: false, reason: '本场考试为远程监考，请先阅读并同意监考告知' };
  if (!notice.doorPassed)
    return {
      ready: false,
      reason: notice.admitRequested ? '等待监考员放行后才能开始考试' : '请先完成身份核验',
    };
  return { ready: true, reason: null };
}

export default function ProctorDoor({
  examId,
  openPaperId,
  onState,
}: {
  examId: string;
  openPaperId: string | null;
  onState: (s: DoorState) => void;
}) {
  const client = useQueryClient();
  const key = useMemo(() => ['proctor-notice', examId], [examId]);
  const notice = useQuery({
    queryKey: key,
    queryFn: () => call(examProctorNotice, { examId }, { silent: true }),
    // Waiting for the invigilator: the notice tells when they admitted.
    refetchInterval: (q) => (q.state.data?.admitRequested && !q.state.data.doorPassed ? ADMIT_POLL_MS : false),
  });
  const n = notice.data;
  const [agree, setAgree] = useState(false);
  // On a phone the labels go above their text: beside it, a 390 px screen left them one character wide.
  const wide = Grid.useBreakpoint().sm !== false;
  const [saving, setSaving] = useState(false);
  const [failures, setFailures] = useState(0);

  useEffect(() => onState(doorState(n)), [n, onState]);

  const set = useCallback((next: TProctorNotice) => client.setQueryData(key, next), [client, key]);

  const consent = async () => {
    if (!n) return;
    setSaving(true);
    try {
      set(await call(examProctorConsent, { examId, version: n.version, agree: true }));
    } finally {
      setSaving(false);
    }
  };
  const askAdmit = async () => {
    setSaving(true);
    try {
      set(await call(examProctorAdmitRequest, { examId }));
    } finally {
      setSaving(false);
    }
  };
  const start = useCallback(() => call(examProctorChallenge, { examId }, { silent: true }), [examId]);
  const step = useCallback((body: StepBody) => call(examProctorChallengeStep, body, { silent: true }), []);

  if (notice.isLoading)
    return (
      <Card title="远程监考" size="small" style={{ marginTop: 20 }}>
        <Skeleton active />
      </Card>
    );
  if (notice.isError || !n)
    return (
      <Card title="远程监考" size="small" style={{ marginTop: 20 }}>
        <LoadFailed error={notice.error} onRetry={() => void notice.refetch()} title="监考告知加载失败" />
      </Card>
    );

  const failed = Math.max(failures, n.doorFailures);
  return (
    <>
      <Card title="远程监考" size="small" style={{ marginTop: 20, textAlign: 'left' }} data-testid="proctor-card">
        <Typography.Paragraph>
          本场考试采用<Tag color="blue">{n.modeLabel}</Tag>，开始前请阅读以下告知：
        </Typography.Paragraph>
        <Descriptions column={1} size="small" bordered layout={wide ? 'horizontal' : 'vertical'}>
          <Descriptions.Item label="收集的信息">
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {n.collected.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Descriptions.Item>
          <Descriptions.Item label="用途">{n.purpose}</Descriptions.Item>
          <Descriptions.Item label="保存期限">{n.retention}</Descriptions.Item>
          <Descriptions.Item label="可查看的人">{n.viewers}</Descriptions.Item>
        </Descriptions>
        {n.consented ? (
          <Typography.Paragraph type="success" style={{ margin: '12px 0 0' }} data-testid="proctor-consented">
            你已于 {n.consentedAt ? formatTime(n.consentedAt, 'YYYY-MM-DD HH:mm') : '—'} 同意上述监考告知
          </Typography.Paragraph>
        ) : (
          <Space direction="vertical" style={{ marginTop: 12, width: '100%' }}>
            <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} data-testid="proctor-agree">
              我已阅读并同意上述监考告知
            </Checkbox>
            <Button type="primary" disabled={!agree} loading={saving} onClick={consent} data-testid="proctor-consent">
              同意并继续
            </Button>
            <Typography.Text type="secondary">不同意监考告知将无法参加本场考试。</Typography.Text>
          </Space>
        )}
      </Card>
      {n.consented && (
        <Card title="身份核验" size="small" style={{ marginTop: 16, textAlign: 'left' }} data-testid="proctor-door">
          {n.doorPassed ? (
            <Alert type="success" showIcon title="身份核验通过" data-testid="door-passed" />
          ) : n.admitRequested ? (
            <Alert
              type="info"
              showIcon
              title="已请求监考员放行，请等待监考员处理"
              description="监考员放行后此页面会自动更新，请不要关闭页面。"
              data-testid="admit-waiting"
            />
          ) : (
            <>
              {!n.enrolled && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title="你尚未录入人脸：本次核验会同时记录你的人脸特征，用于本场考试的身份比对"
                />
              )}
              <ChallengeRunner
                startText="开始身份核验"
                start={start}
                step={step}
                onDone={() => void notice.refetch().then((r) => r.data ?? set({ ...n, doorPassed: true }))}
                onFailed={(r) => setFailures(r.failures)}
              />
              {failed >= PROCTOR_DOOR_FAILURES && (
                <div style={{ marginTop: 12, textAlign: 'center' }}>
                  <Typography.Paragraph type="secondary">
                    已连续 {failed} 次未通过核验，可请求监考员人工确认后放行。
                  </Typography.Paragraph>
                  <Button loading={saving} onClick={askAdmit} data-testid="admit-request">
                    请求监考员放行
                  </Button>
                </div>
              )}
            </>
          )}
        </Card>
      )}
      {n.doorPassed && n.mode === ProctorMode.SECOND_CAMERA && (
        <Card title="第二机位" size="small" style={{ marginTop: 16, textAlign: 'left' }}>
          {openPaperId ? (
            <SecondCameraQr paperId={openPaperId} />
          ) : (
            <Typography.Text>
              本场考试需要用手机作为第二机位拍摄桌面与屏幕。开始考试后，请在考试页面点击“第二机位”，用手机扫描二维码连接。
            </Typography.Text>
          )}
        </Card>
      )}
    </>
  );
}
