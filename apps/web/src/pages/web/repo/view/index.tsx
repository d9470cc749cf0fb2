/** 题库详情 (/web/repo/view/:repoId): the bank, my figures there, the modes to start, my history. */
import {
  QUESTION_TYPE_LABELS,
  TRAIN_MODE_LABELS,
  TRAIN_STATE_LABELS,
  TrainMode,
  type TTrainRecord,
  trainClear,
  trainRepoDetail,
} from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  InputNumber,
  Modal,
  Progress,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatSeconds, trainApi } from '../../../../api/train';
import { useServerTable } from '../../../../components';
import LearnerTable from '../../../../components/LearnerTable';
import '../train.css';
import { call } from '../../../../api/call';
import { formatTime } from '../../../../utils/date-format';

const MODE_TEXT: Record<number, string> = {
  1: '按题库顺序逐题练习，下次自动从上次停下的位置继续。',
  2: '打乱题目顺序随机练习。',
  3: '只练习选定的题型。',
  4: '只练习错题本中属于本题库的题目。',
  5: '题目、答案与解析同时显示，适合快速记忆。',
  6: '随机抽题限时作答，交卷后统一评分，作答过程中不显示对错。',
  8: '从我掌握度最低的几个知识点中抽取本题库的题目练习（按考试和练习的作答计算，近期作答权重更高）。',
};

export default function WebRepoView() {
  const { repoId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['train-repo', repoId], queryFn: () => call(trainRepoDetail, { id: repoId }) });
  const [types, setTypes] = useState<number[]>([]);
  const [mock, setMock] = useState({ count: 20, time: 30 });
  const history = useServerTable<TTrainRecord, { repoId: string }>(['train-history', repoId], trainApi.paging, {
    initialParams: { repoId },
    size: 5,
  });
  const r = detail.data;
  if (!r) return <Card>{detail.isLoading ? <Skeleton active /> : '题库不存在或未开放练习'}</Card>;

  const go = (mode: number) => {
    const q = new URLSearchParams();
    if (mode === TrainMode.BY_TYPE) q.set('types', types.join(','));
    if (mode === TrainMode.MOCK) {
      q.set('count', String(mock.count));
      q.set('time', String(mock.time));
    }
    navigate(`/web/repo/training/${repoId}/${mode}${q.size ? `?${q}` : ''}`);
  };
  const restart = (mode: number) =>
    Modal.confirm({
      title: '提示',
      content: `确定要重新开始${TRAIN_MODE_LABELS[mode]}吗？当前进度将被清除。`,
      onOk: async () => {
        await call(trainClear, { repoId, mode });
        await client.invalidateQueries({ queryKey: ['train-repo', repoId] });
        history.refresh();
      },
    });
  const typeOptions = Object.keys(r.byType).map((t) => ({ value: Number(t), label: QUESTION_TYPE_LABELS[Number(t)] }));
  const extra = (mode: number) => {
    if (mode === TrainMode.BY_TYPE)
      return <Checkbox.Group options={typeOptions} value={types} onChange={(v) => setTypes(v as number[])} />;
    if (mode === TrainMode.MOCK)
      return (
        <Space wrap>
          <InputNumber
            min={1}
            max={Math.min(100, r.quCount)}
            value={mock.count}
            addonAfter="题"
            aria-label="模拟考试题数"
            onChange={(v) => setMock({ ...mock, count: v ?? 20 })}
            style={{ width: 120 }}
          />
          <InputNumber
            min={1}
            max={600}
            value={mock.time}
            addonAfter="分钟"
            aria-label="模拟考试时长（分钟）"
            onChange={(v) => setMock({ ...mock, time: v ?? 30 })}
            style={{ width: 130 }}
          />
        </Space>
      );
    if (mode === TrainMode.WRONG)
      return <Typography.Text type="secondary">错题本中本题库的题目：{r.wrongInBook} 题</Typography.Text>;
    return null;
  };

  return (
    <div className="train-page">
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={24} align="middle">
          <Col xs={24} md={14}>
            <Space direction="vertical" size={4}>
              <Space>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="repo-title">
                  {r.title}
                </Typography.Title>
                {r.categoryTitle && <Tag color="blue">{r.categoryTitle}</Tag>}
              </Space>
              <Typography.Text type="secondary">{r.remark || '暂无简介'}</Typography.Text>
              <div>
                {Object.entries(r.byType).map(([t, n]) => (
                  <Tag key={t}>
                    {QUESTION_TYPE_LABELS[Number(t)]} {n}
                  </Tag>
                ))}
              </div>
            </Space>
          </Col>
          <Col xs={24} md={10}>
            <Descriptions size="small" column={2}>
              <Descriptions.Item label="试题总数">{r.quCount}</Descriptions.Item>
              <Descriptions.Item label="已练题数">{r.doneCount}</Descriptions.Item>
              <Descriptions.Item label="累计答题">{r.answered}</Descriptions.Item>
              <Descriptions.Item label="正确率">{r.accuracy}%</Descriptions.Item>
              <Descriptions.Item label="训练次数">{r.sessions}</Descriptions.Item>
              <Descriptions.Item label="错题数">{r.wrongInBook}</Descriptions.Item>
            </Descriptions>
            <Progress percent={r.progress} format={(p) => `进度 ${p}%`} />
          </Col>
        </Row>
      </Card>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {[1, 2, 3, 4, 5, 6, 8].map((mode) => {
          const open = r.openModes.includes(mode);
          const disabled =
            (mode === TrainMode.BY_TYPE && types.length === 0) || (mode === TrainMode.WRONG && !r.wrongInBook && !open);
          return (
            <Col xs={24} md={12} xl={8} key={mode}>
              <Card
                className="train-mode-card"
                data-testid={`mode-${mode}`}
                title={
                  <Space>
                    {TRAIN_MODE_LABELS[mode]}
                    {open && <Tag color="orange">未完成</Tag>}
                  </Space>
                }
                extra={
                  open && (
                    <Button size="small" type="link" danger onClick={() => restart(mode)}>
                      重新开始
                    </Button>
                  )
                }
              >
                <Typography.Paragraph type="secondary">{MODE_TEXT[mode]}</Typography.Paragraph>
                <div style={{ minHeight: 32, marginBottom: 12 }}>{extra(mode)}</div>
                <Button type="primary" disabled={disabled && !open} onClick={() => go(mode)}>
                  {open ? '继续练习' : '开始练习'}
                </Button>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card title="我的训练记录">
        <LearnerTable<TTrainRecord>
          scroll={{ x: 'max-content' }} // wide screens; a phone gets cards
          {...history.tableProps}
          size="small"
          columns={[
            { title: '模式', dataIndex: 'mode', render: (m: number) => TRAIN_MODE_LABELS[m] },
            { title: '开始时间', dataIndex: 'startedAt', render: (v: string) => formatTime(v, 'YYYY-MM-DD HH:mm') },
            { title: '进度', render: (_, t) => `${t.answered}/${t.total}` },
            {
              title: '正确率',
              render: (_, t) => (t.held || (t.mode === TrainMode.MOCK && t.state === 0) ? '—' : `${t.accuracy}%`),
            },
            { title: '得分', dataIndex: 'score', render: (v: number | null) => v ?? '—' },
            { title: '用时', dataIndex: 'usedSeconds', render: (v: number) => formatSeconds(v) },
            {
              title: '状态',
              dataIndex: 'state',
              render: (s: number) => <Tag color={s === 0 ? 'orange' : 'green'}>{TRAIN_STATE_LABELS[s]}</Tag>,
            },
            {
              title: '操作',
              card: 'actions',
              render: (_, t) =>
                t.state === 0 ? (
                  <Button type="link" size="small" onClick={() => go(t.mode)}>
                    继续
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => navigate(`/web/repo/repo/${t.id}`)}>
                    查看结果
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
