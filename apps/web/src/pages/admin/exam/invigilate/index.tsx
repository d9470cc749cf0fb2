/**
 * 监考 (/admin/exam/exam/invigilate/:examId): every learner of a running exam, live. Figures come
 * from the server's snapshot, refreshed by server-sent events; the time left counts down locally
 * between snapshots. Alerts: a leave count at the exam's limit, a sitting learner offline.
 * A proctored exam adds each learner's risk score and flags, the 时间线 drawer with the warning and
 * pause actions, and the learners waiting at the door to be admitted.
 */
import { ArrowLeftOutlined, ReloadOutlined, SoundOutlined } from '@ant-design/icons';
import {
  INVIGILATE_STATUS_LABELS,
  type TInvigilateRow,
  type TInvigilateStatus,
  type TProctorFlag,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Empty,
  Input,
  List,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { TableActions, usePermission } from '../../../../components';
import { FlagTags, RiskTag } from '../proctor/RiskTag';
import { FLAG_OPTIONS } from '../proctor/risk';
import TimelineDrawer, { timelineKey } from '../proctor/TimelineDrawer';
import ActionModal, { type ActionKind, type ActionTarget } from './ActionModal';
import { type ConsoleFilter, filterRows, formatLeft, hasAlert, proctorByPaper, proctorOf, secondsLeft } from './filter';
import { useInvigilateLive } from './useInvigilateLive';
import './invigilate.css';
import { formatTime } from '../../../../utils/date-format';

const STATUS_COLORS: Record<TInvigilateStatus, string> = {
  none: 'default',
  sitting: 'processing',
  marking: 'orange',
  handed: 'green',
  abandoned: 'default',
  voided: 'red',
};
const time = (iso: string | null) => (iso ? formatTime(iso, 'HH:mm:ss') : '-');

export default function ExamInvigilatePage() {
  const { examId = '' } = useParams();
  const navigate = useNavigate();
  const { snap, proctor, receivedAt, error, live, notes, refresh } = useInvigilateLive(examId);
  const qc = useQueryClient();
  const [filter, setFilter] = useState<ConsoleFilter>({});
  const [target, setTarget] = useState<ActionTarget | null>(null);
  const [timelineOf, setTimelineOf] = useState<TInvigilateRow | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const can: Record<ActionKind, boolean> = {
    msg: usePermission('exam:invigilate:msg'),
    time: usePermission('exam:invigilate:time'),
    hand: usePermission('exam:invigilate:hand'),
    void: usePermission('exam:invigilate:void'),
    warn: usePermission('exam:invigilate:msg'),
    pause: usePermission('exam:invigilate:pause'),
    admit: usePermission('exam:invigilate:admit'),
  };
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  const byPaper = useMemo(() => proctorByPaper(proctor?.rows), [proctor]);
  const rows = useMemo(() => filterRows(snap?.rows ?? [], filter, byPaper), [snap, filter, byPaper]);
  const waiting = proctor?.waiting ?? [];
  const alerts = useMemo(() => (snap?.rows ?? []).filter(hasAlert), [snap]);
  const names = useMemo(() => new Map((snap?.rows ?? []).map((r) => [r.userId, r.realName])), [snap]);
  const c = snap?.counts;
  const act = (kind: ActionKind, row: TInvigilateRow | null, paused?: boolean) => setTarget({ kind, row, paused });
  const afterAction = () => {
    void refresh();
    void qc.invalidateQueries({ queryKey: timelineKey(timelineOf?.paperId ?? null) });
  };
  const proctorColumns = proctor
    ? [
        {
          title: '风险',
          width: 70,
          render: (_: unknown, r: TInvigilateRow) => {
            const p = proctorOf(r, byPaper);
            return p ? <RiskTag score={p.risk} /> : '-';
          },
        },
        {
          title: '监考标记',
          width: 200,
          render: (_: unknown, r: TInvigilateRow) => {
            const p = proctorOf(r, byPaper);
            if (!p) return '-';
            return (
              <Space size={0} wrap>
                {p.paused && <Tag color="red">已暂停</Tag>}
                <FlagTags flags={p.flags} />
              </Space>
            );
          },
        },
      ]
    : [];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="invigilate">
      <Card
        className="page-card"
        variant="borderless"
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/exam/exam')} />
            <span>监考 · {snap?.title ?? ''}</span>
            <Tag color={live === 'live' ? 'green' : live === 'lost' ? 'red' : 'default'} data-testid="inv-live">
              {live === 'live' ? '实时' : live === 'lost' ? '连接中断，正在重连' : '连接中'}
            </Tag>
          </Space>
        }
        extra={
          <Space>
            {can.msg && (
              <Button icon={<SoundOutlined />} onClick={() => act('msg', null)}>
                全体消息
              </Button>
            )}
            <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
              刷新
            </Button>
          </Space>
        }
      >
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
        {snap && (
          <div className="invigilate__meta">
            考试时间 {formatTime(snap.startTime, 'YYYY-MM-DD HH:mm')} 至 {formatTime(snap.endTime, 'YYYY-MM-DD HH:mm')}
            {' · '}时长 {snap.duration ? `${snap.duration} 分钟` : '不限'}
            {' · '}切屏上限 {snap.leaveLimit ? `${snap.leaveLimit} 次` : '不限'}
          </div>
        )}
        <div className="invigilate__stats" data-testid="inv-stats">
          <Statistic title="应考人数" value={c?.total ?? 0} />
          <Statistic title="未开始" value={c?.none ?? 0} />
          <Statistic title="考试中" value={c?.sitting ?? 0} />
          <Statistic title="在线" value={c?.online ?? 0} />
          <Statistic title="待阅卷" value={c?.marking ?? 0} />
          <Statistic title="已交卷" value={c?.handed ?? 0} />
          <Statistic title="异常" value={c?.alerts ?? 0} valueStyle={c?.alerts ? { color: '#cf1322' } : undefined} />
        </div>
      </Card>

      {waiting.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="inv-waiting"
          title={`等待放行（${waiting.length}）`}
          description={
            <ul className="invigilate__alerts">
              {waiting.map((w) => (
                <li key={w.userId}>
                  {w.realName}：身份核验未通过 {w.failures} 次，{time(w.at)} 请求放行
                  {can.admit && (
                    <Button
                      type="link"
                      size="small"
                      data-testid={`inv-admit-${w.userId}`}
                      onClick={() => setTarget({ kind: 'admit', row: null, waiting: w })}
                    >
                      放行
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          }
        />
      )}

      {alerts.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="inv-alerts"
          message={`异常提醒（${alerts.length}）`}
          description={
            <ul className="invigilate__alerts">
              {alerts.map((r) => (
                <li key={r.userId}>
                  {r.realName}（{r.userName}）
                  {r.leaveAlert && `：切屏 ${r.leaveCount} 次，已达上限 ${snap?.leaveLimit} 次`}
                  {r.offlineAlert && `：考试中离线${r.lastSeenAt ? `，最后在线 ${time(r.lastSeenAt)}` : '，尚未连接'}`}
                </li>
              ))}
            </ul>
          }
        />
      )}

      <Card className="page-card" variant="borderless">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder="姓名、账号、部门或地址"
            style={{ width: 240 }}
            onSearch={(v) => setFilter((f) => ({ ...f, search: v }))}
            onChange={(e) => !e.target.value && setFilter((f) => ({ ...f, search: undefined }))}
            data-testid="inv-search"
          />
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            options={Object.entries(INVIGILATE_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(status?: TInvigilateStatus) => setFilter((f) => ({ ...f, status }))}
          />
          <Select
            allowClear
            placeholder="在线情况"
            style={{ width: 120 }}
            options={[
              { value: 1, label: '在线' },
              { value: 0, label: '离线' },
            ]}
            onChange={(v?: number) => setFilter((f) => ({ ...f, online: v === undefined ? undefined : v === 1 }))}
          />
          <Space size={4}>
            <Switch
              size="small"
              aria-labelledby="inv-alerts-only"
              onChange={(alertsOnly) => setFilter((f) => ({ ...f, alertsOnly }))}
            />
            <span id="inv-alerts-only">只看异常</span>
          </Space>
          {proctor && (
            <Select
              allowClear
              placeholder="按标记筛选"
              style={{ width: 160 }}
              options={FLAG_OPTIONS}
              data-testid="inv-flag-filter"
              onChange={(flag?: TProctorFlag) => setFilter((f) => ({ ...f, flag }))}
            />
          )}
        </Space>
        <Table<TInvigilateRow>
          rowKey="userId"
          size="middle"
          dataSource={rows}
          loading={!snap && !error}
          pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (n) => `共 ${n} 人` }}
          scroll={{ x: proctor ? 1250 : 960 }}
          onRow={(r) =>
            ({
              'data-testid': `inv-row-${r.userName}`,
              className: hasAlert(r) ? 'invigilate__row--alert' : '',
            }) as never
          }
          columns={[
            {
              title: '考生',
              width: 150,
              fixed: 'left',
              render: (_, r) => (
                <div>
                  <div>{r.realName}</div>
                  <div className="invigilate__sub">
                    {r.userName}
                    {r.deptName ? ` · ${r.deptName}` : ''}
                  </div>
                </div>
              ),
            },
            {
              title: '状态',
              width: 80,
              render: (_, r) => (
                <Tag color={STATUS_COLORS[r.status]} data-testid="inv-status">
                  {INVIGILATE_STATUS_LABELS[r.status]}
                </Tag>
              ),
            },
            // First after the state: what the invigilator of a proctored exam looks at without scrolling.
            ...proctorColumns,
            {
              title: '答题进度',
              width: 90,
              render: (_, r) =>
                r.paperId ? <span data-testid="inv-answered">{`${r.answered} / ${r.total}`}</span> : '-',
            },
            {
              title: '剩余时间',
              width: 90,
              render: (_, r) => {
                const left = secondsLeft(r, receivedAt, now);
                return left === null ? '-' : <span data-testid="inv-left">{formatLeft(left)}</span>;
              },
            },
            {
              title: '切屏',
              width: 60,
              render: (_, r) => (
                <span className={r.leaveAlert ? 'invigilate__danger' : undefined} data-testid="inv-leave">
                  {r.leaveCount}
                </span>
              ),
            },
            { title: '最后保存', width: 90, render: (_, r) => time(r.lastSaveAt) },
            {
              title: '在线',
              width: 80,
              render: (_, r) =>
                r.status === 'sitting' ? (
                  <Tooltip title={r.lastSeenAt ? `最后在线 ${time(r.lastSeenAt)}` : '尚未连接'}>
                    <Badge status={r.online ? 'success' : 'error'} text={r.online ? '在线' : '离线'} />
                  </Tooltip>
                ) : (
                  '-'
                ),
            },
            { title: '地址', width: 120, render: (_, r) => r.clientIp ?? '-' },
            {
              title: '操作',
              width: proctor ? 240 : 200,
              fixed: 'right',
              render: (_, r) => (
                <TableActions>
                  {proctor && r.paperId && (
                    <Button type="link" size="small" onClick={() => setTimelineOf(r)} data-testid="inv-timeline">
                      时间线
                    </Button>
                  )}
                  {can.msg && (
                    <Button type="link" size="small" onClick={() => act('msg', r)}>
                      消息
                    </Button>
                  )}
                  {can.time && r.status === 'sitting' && (
                    <Button type="link" size="small" onClick={() => act('time', r)}>
                      加时
                    </Button>
                  )}
                  {can.hand && r.status === 'sitting' && (
                    <Button type="link" size="small" danger onClick={() => act('hand', r)}>
                      收卷
                    </Button>
                  )}
                  {can.void && r.paperId && r.status !== 'voided' && (
                    <Button type="link" size="small" danger onClick={() => act('void', r)}>
                      作废
                    </Button>
                  )}
                </TableActions>
              ),
            },
          ]}
        />
      </Card>

      <Card className="page-card" variant="borderless" title="考场动态" size="small">
        {notes.length ? (
          <List
            size="small"
            dataSource={notes}
            renderItem={(n) => (
              <List.Item data-testid={`inv-note-${n.kind}`}>
                <span className="invigilate__sub">{time(n.at)}</span>&nbsp;&nbsp;
                {n.userId && names.get(n.userId) ? `${names.get(n.userId)}：` : ''}
                {n.text}
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />
        )}
      </Card>
      <TimelineDrawer
        paperId={timelineOf?.paperId ?? null}
        realName={timelineOf?.realName ?? ''}
        onClose={() => setTimelineOf(null)}
        actions={(t) =>
          timelineOf && (
            <>
              {can.warn && timelineOf.status === 'sitting' && (
                <Button onClick={() => act('warn', timelineOf)} data-testid="proctor-warn">
                  警告
                </Button>
              )}
              {can.pause && timelineOf.status === 'sitting' && (
                <Button
                  danger={!t.paused}
                  onClick={() => act('pause', timelineOf, t.paused)}
                  data-testid="proctor-pause"
                >
                  {t.paused ? '恢复作答' : '暂停作答'}
                </Button>
              )}
              {can.void && timelineOf.status !== 'voided' && (
                <Button danger onClick={() => act('void', timelineOf)}>
                  作废
                </Button>
              )}
            </>
          )
        }
      />
      <ActionModal examId={examId} target={target} onClose={() => setTarget(null)} onDone={afterAction} />
    </Space>
  );
}
