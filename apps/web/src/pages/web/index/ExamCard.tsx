/** One exam open to the learner: cover, state, window, rules, attempts left, best score. */
import { ClockCircleOutlined, LockOutlined, TrophyOutlined } from '@ant-design/icons';
import { CYCLE_TYPE_LABELS, EXAM_TIME_STATE_LABELS, OPEN_TYPE_LABELS, type TOnlineExam } from '@exam/contracts';
import { Button, Card, Tag, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { inSiteZone } from '../../../utils/date-format';

const STATE_COLORS: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'default' };
/** A cover colour per exam when it has no cover image. */
const GRADIENTS = [
  'linear-gradient(135deg, #2f54eb 0%, #1677ff 60%, #13c2c2 100%)',
  'linear-gradient(135deg, #722ed1 0%, #2f54eb 100%)',
  'linear-gradient(135deg, #08979c 0%, #36cfc9 100%)',
  'linear-gradient(135deg, #d46b08 0%, #fa8c16 60%, #ffc53d 100%)',
  'linear-gradient(135deg, #389e0d 0%, #73d13d 100%)',
];
const gradientOf = (id: string) => GRADIENTS[[...id].reduce((n, ch) => n + ch.charCodeAt(0), 0) % GRADIENTS.length];

export function windowText(start: string, end: string): string {
  // Days compared and printed in the site's time zone, not the browser's.
  const s = inSiteZone(start);
  const e = inSiteZone(end);
  const endFmt = s.isSame(e, 'day') ? 'HH:mm' : s.isSame(e, 'year') ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm';
  return `${s.format('YYYY-MM-DD HH:mm')} 至 ${e.format(endFmt)}`;
}

function actionOf(exam: TOnlineExam): { text: string; disabled: boolean } {
  if (exam.openPaperId) return { text: '继续考试', disabled: false };
  if (exam.lockedReason) return { text: '未解锁', disabled: true };
  if (exam.timeState === 0) return { text: '尚未开始', disabled: true };
  if (exam.timeState === 2) return { text: '已结束', disabled: true };
  if (exam.triesLeft === 0) return { text: '次数已用完', disabled: true };
  return { text: '进入考试', disabled: false };
}

export default function ExamCard({ exam }: { exam: TOnlineExam }) {
  const navigate = useNavigate();
  const action = actionOf(exam);
  const attempts =
    exam.tryLimit === 0
      ? '不限次数'
      : `剩余 ${exam.triesLeft ?? 0} / ${exam.tryLimit} 次${exam.cycleType ? `（${CYCLE_TYPE_LABELS[exam.cycleType]}）` : ''}`;
  return (
    <Card
      className="exam-card"
      hoverable
      data-testid="exam-card"
      cover={
        <div
          className={`exam-card__cover ${exam.cover ? '' : 'exam-card__cover--plain'}`}
          style={
            exam.cover
              ? { backgroundImage: `linear-gradient(to top, rgba(0,0,0,.55), rgba(0,0,0,0) 70%), url(${exam.cover})` }
              : { backgroundImage: gradientOf(exam.id) }
          }
        >
          <Tag className="exam-card__state" color={STATE_COLORS[exam.timeState]}>
            {exam.timeStateLabel || EXAM_TIME_STATE_LABELS[exam.timeState]}
          </Tag>
          <div className="exam-card__cover-title">{exam.title}</div>
        </div>
      }
      onClick={() => navigate(`/web/exam/check/${exam.id}`)}
    >
      <div className="exam-card__time">
        <ClockCircleOutlined /> {windowText(exam.startTime, exam.endTime)}
      </div>
      <div className="exam-card__meta">
        <span>
          时长 <b>{exam.duration ? `${exam.duration} 分钟` : '不限'}</b>
        </span>
        <span>
          总分 / 及格{' '}
          <b>
            {exam.totalScore} / {exam.passScore}
          </b>
        </span>
        <span>{attempts}</span>
        <span>
          <Tag bordered={false}>{OPEN_TYPE_LABELS[exam.openType]}</Tag>
          {exam.arrangement && (
            <Tag
              color={exam.arrangement.startsWith('补考') ? 'volcano' : 'blue'}
              data-testid={`exam-arrange-${exam.id}`}
            >
              {exam.arrangement}
            </Tag>
          )}
        </span>
      </div>
      <div className="exam-card__foot">
        <Tooltip title={exam.bestScore === null ? '尚未有成绩' : '历次最高分'}>
          <span>
            <TrophyOutlined style={{ color: exam.passed ? '#52c41a' : '#faad14' }} /> 最高分{' '}
            <b>{exam.bestScore ?? '—'}</b>
            {exam.passed && (
              <Tag color="success" style={{ marginLeft: 6 }}>
                已通过
              </Tag>
            )}
          </span>
        </Tooltip>
        {exam.lockedReason && !exam.openPaperId && (
          <Tag
            icon={<LockOutlined />}
            color="warning"
            data-testid={`exam-lock-${exam.id}`}
            style={{ whiteSpace: 'normal' }}
          >
            {exam.lockedReason}
          </Tag>
        )}
        <Button
          type="primary"
          size="small"
          disabled={action.disabled}
          onClick={(e) => {
            e.stopPropagation();
            navigate(`/web/exam/check/${exam.id}`);
          }}
        >
          {action.text}
        </Button>
      </div>
    </Card>
  );
}
