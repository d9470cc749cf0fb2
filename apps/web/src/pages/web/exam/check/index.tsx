/**
 * 考试校验 (/web/exam/check/:id): facts and rules, password, start or resume; another open exam is
 * named. A full-screen exam refusing focus mode is refused here on a device without full screen.
 */
import { ArrowLeftOutlined, DesktopOutlined, ExclamationCircleOutlined, MobileOutlined } from '@ant-design/icons';
import {
  ErrorCode,
  examExamCheck,
  FOCUS_MODE_REFUSED,
  focusModeRefused,
  OPEN_TYPE_LABELS,
  paperPaperCreate,
  RESULT_SHOW_LABELS,
  REVIEW_AFTER_LABELS,
  type TExamCheck,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Input,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../../../api/http-errors';
import LoadFailed from '../../../../components/LoadFailed';
import { windowText } from '../../index/ExamCard';
import '../exam.css';
import { call } from '../../../../api/call';
import { formatTime } from '../../../../utils/date-format';
import { canFullScreen, enterFullscreen } from '../fullscreen';
import type { DoorState } from './ProctorDoor';

/** 远程监考 (notice, consent, identity check): loaded only for a proctored exam. */
const ProctorDoor = lazy(() => import('./ProctorDoor'));

function attemptsText(c: TExamCheck): string {
  if (c.tryLimit === 0) return `不限次数（已考 ${c.tryCount} 次）`;
  return `共 ${c.tryLimit} 次，已考 ${c.tryCount} 次，剩余 ${c.triesLeft ?? 0} 次`;
}

function antiCheat(c: TExamCheck) {
  const tags = [];
  if (c.fullScreen)
    tags.push(
      <Tag key="fs" color="orange">
        须全屏作答
      </Tag>,
    );
  if (c.leaveLimit > 0)
    tags.push(
      <Tag key="lv" color="orange">
        切屏超过 {c.leaveLimit} 次将强制交卷
      </Tag>,
    );
  if (c.noCopy)
    tags.push(
      <Tag key="cp" color="orange">
        禁止复制粘贴
      </Tag>,
    );
  return tags.length ? <Space wrap>{tags}</Space> : <Typography.Text type="secondary">无</Typography.Text>;
}

export default function WebExamCheck() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [starting, setStarting] = useState(false);
  // 考试须知: a new attempt starts only once the learner confirms the rules.
  const [agreed, setAgreed] = useState(false);
  // A proctored exam: a new attempt waits for the consent and the identity check.
  const [door, setDoor] = useState<DoorState>({ ready: false, reason: '正在加载监考告知' });
  const query = useQuery({ queryKey: ['exam-check', id], queryFn: () => call(examExamCheck, { id }) });
  const c = query.data;

  const start = async () => {
    if (!c) return;
    if (c.proctorMode > 0 && !c.openPaperId && !door.ready) return; // Enter in the password box
    setStarting(true);
    try {
      if (c.fullScreen) await enterFullscreen();
      const created = await call(paperPaperCreate, {
        examId: c.id,
        password: password || undefined,
        canFullScreen: canFullScreen(),
      });
      navigate(`/web/exam/start/${created.paperId}`);
    } catch (err) {
      if ((err as ApiError).code === ErrorCode.EXAM_IN_PROGRESS) void query.refetch();
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    } finally {
      setStarting(false);
    }
  };

  if (query.isLoading)
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (query.isError)
    return (
      <Card className="page-card">
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} title="考试信息加载失败" />
      </Card>
    );
  if (!c)
    return (
      <Card className="page-card">
        <Empty description="考试不存在或您无权参加" />
      </Card>
    );

  const other = c.otherOpenPaper;
  const deviceRefused = focusModeRefused(c, canFullScreen());
  const proctored = c.proctorMode > 0;
  const doorBlocks = proctored && !c.openPaperId && !door.ready;
  return (
    <Card
      className="page-card exam-check"
      variant="borderless"
      title={
        // The title wraps (a long exam name on a 360 px phone) instead of pushing the page wider.
        <div className="exam-check__head">
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/web/index')} aria-label="返回" />
          <div className="exam-check__name">
            <span className="exam-check__title" data-testid="check-title">
              {c.title}
            </span>
            <Tag color={c.timeState === 1 ? 'green' : c.timeState === 0 ? 'blue' : 'default'}>{c.timeStateLabel}</Tag>
            {c.arrangement && (
              <Tag color="blue" data-testid="check-arrangement">
                {c.arrangement}
              </Tag>
            )}
          </div>
        </div>
      }
      extra={
        <Button icon={<DesktopOutlined />} onClick={() => navigate('/web/exam/debug')}>
          设备调试
        </Button>
      }
    >
      {other && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="other-open-exam"
          message={`您有正在进行的考试「${other.title}」，请先完成该考试`}
          action={
            <Button size="small" type="primary" onClick={() => navigate(`/web/exam/start/${other.paperId}`)}>
              前往该考试
            </Button>
          }
        />
      )}
      {c.content && (
        <div className="exam-check__content" style={{ marginBottom: 16 }}>
          {c.content}
        </div>
      )}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        考试须知
      </Typography.Title>
      <Descriptions className="exam-check__rules" bordered column={{ xs: 1, md: 2 }} size="middle">
        <Descriptions.Item label="考试时间" span={2}>
          {windowText(c.startTime, c.endTime)}
        </Descriptions.Item>
        <Descriptions.Item label="考试时长">
          {c.duration ? `${c.duration} 分钟` : '不限（至考试结束）'}
        </Descriptions.Item>
        <Descriptions.Item label="题目数量">{c.quCount} 题</Descriptions.Item>
        <Descriptions.Item label="试卷总分">{c.totalScore} 分</Descriptions.Item>
        <Descriptions.Item label="及格分">{c.passScore} 分</Descriptions.Item>
        <Descriptions.Item label="考试次数">{attemptsText(c)}</Descriptions.Item>
        <Descriptions.Item label="开放类型">{OPEN_TYPE_LABELS[c.openType]}</Descriptions.Item>
        <Descriptions.Item label="最晚入场">
          {c.latestEntryTime ? formatTime(c.latestEntryTime, 'YYYY-MM-DD HH:mm') : '不限'}
        </Descriptions.Item>
        <Descriptions.Item label="最早交卷">
          {c.handMinMinutes ? `开考 ${c.handMinMinutes} 分钟后` : '随时可交卷'}
        </Descriptions.Item>
        <Descriptions.Item label="防作弊" span={2}>
          {antiCheat(c)}
        </Descriptions.Item>
        <Descriptions.Item label="交卷后">{RESULT_SHOW_LABELS[c.resultShow]}</Descriptions.Item>
        {c.resultShow === 2 && (
          <Descriptions.Item label="答案与解析">{REVIEW_AFTER_LABELS[c.reviewAfter]}</Descriptions.Item>
        )}
        <Descriptions.Item label="最高分">
          {c.bestScore ?? '—'}
          {c.passed && (
            <Tag color="success" style={{ marginLeft: 8 }}>
              已通过
            </Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
      {proctored && (c.canStart || c.openPaperId) && !deviceRefused && (
        <Suspense fallback={<Skeleton active style={{ marginTop: 20 }} />}>
          <ProctorDoor examId={c.id} openPaperId={c.openPaperId} onState={setDoor} />
        </Suspense>
      )}
      <div style={{ textAlign: 'center', marginTop: 28 }}>
        {deviceRefused && (c.canStart || c.openPaperId) ? (
          // SPEC 2: 'you browser can not work' where full screen is unsupported; here the exam refuses focus mode.
          <Result
            icon={<MobileOutlined style={{ color: '#faad14' }} />}
            title="you browser can not work"
            subTitle={<span data-testid="focus-refused">{FOCUS_MODE_REFUSED}</span>}
            extra={<Button onClick={() => navigate('/web/index')}>返回考试列表</Button>}
          />
        ) : c.canStart || c.openPaperId ? (
          <Space direction="vertical" size={14} align="center">
            {c.needPassword && !c.openPaperId && (
              <Input.Password
                placeholder="请输入考试密码"
                style={{ width: 280 }}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                onPressEnter={start}
                data-testid="exam-password"
              />
            )}
            {!c.openPaperId && (
              <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="exam-agree">
                我已阅读考试须知（时长、次数、及格分与防作弊要求），并承诺独立完成
              </Checkbox>
            )}
            <Button
              type="primary"
              size="large"
              loading={starting}
              onClick={start}
              style={{ minWidth: 200 }}
              disabled={Boolean(other) || (!c.openPaperId && !agreed) || doorBlocks}
              data-testid="exam-start"
            >
              {c.openPaperId ? '继续考试' : '开始考试'}
            </Button>
            {doorBlocks && door.reason && (
              <Typography.Text type="warning" data-testid="door-reason">
                {door.reason}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">
              答案会自动保存；网络中断后重新连接即可继续，已作答内容不会丢失。
            </Typography.Text>
          </Space>
        ) : (
          <Result
            icon={<ExclamationCircleOutlined style={{ color: '#faad14' }} />}
            title={c.reason || '当前不能参加该考试'}
            extra={<Button onClick={() => navigate('/web/index')}>返回考试列表</Button>}
          />
        )}
      </div>
    </Card>
  );
}
