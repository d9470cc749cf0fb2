/**
 * 系统日志 → 事件投递: the domain-event deliveries that failed (still being retried, or parked once
 * their attempts ran out), with their last error and a retry for those who may order one.
 */
import { RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TEventDelivery, TEventDeliveryPagingParams } from '@exam/contracts';
import { sysEventDeliveryPaging, sysEventDeliveryRetry } from '@exam/contracts';
import { App, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { usePermission, useServerTable } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';

const EVENT_LABELS: Record<string, string> = {
  'paper.handedIn': '交卷',
  'paper.marked': '阅卷完成',
  'paper.abandoned': '放弃考试',
  'paper.voided': '试卷作废',
  'exam.passed': '考试通过',
  'course.completed': '课程学完',
  'notice.published': '公告发布',
  'live.started': '直播开始',
  'live.ended': '直播结束',
};

const CONSUMER_LABELS: Record<string, string> = {
  'exam.user-record': '更新考试记录',
  'exam.invigilate-live': '通知监考台',
  'cert.issue-on-pass': '考试通过发证',
  'cert.issue-on-course': '课程学完发证',
  'cert.revoke-on-void': '作废后撤销证书',
  'cert.revoke-on-fail': '不再通过时撤销证书',
  'train.wrong-answer-book': '收入错题本',
  'msg.paper-marked': '成绩通知',
};

export default function EventDeliveries() {
  const { message } = App.useApp();
  const canRetry = usePermission('sys:event:retry');
  const [parkedOnly, setParkedOnly] = useState(true);
  const [selected, setSelected] = useState<TEventDelivery[]>([]);
  const [retrying, setRetrying] = useState(false);
  const table = useServerTable<TEventDelivery, TEventDeliveryPagingParams>(
    ['sys-event-delivery'],
    (req) => call(sysEventDeliveryPaging, req),
    {
      initialParams: { parked: true },
    },
  );

  const retry = async (rows: TEventDelivery[]) => {
    setRetrying(true);
    try {
      const { retried } = await call(sysEventDeliveryRetry, {
        items: rows.map((r) => ({ eventId: r.eventId, consumer: r.consumer })),
      });
      message.success(`已重新投递 ${retried} 条`);
      setSelected([]);
      table.refresh();
    } finally {
      setRetrying(false);
    }
  };

  const columns: ColumnsType<TEventDelivery> = [
    { title: '发布时间', dataIndex: 'createdAt', width: 170, render: (v) => formatDateTime(v) },
    {
      title: '事件',
      dataIndex: 'eventName',
      width: 120,
      render: (v: string) => EVENT_LABELS[v] ?? v,
    },
    {
      title: '处理',
      dataIndex: 'consumer',
      width: 150,
      render: (v: string) => CONSUMER_LABELS[v] ?? v,
    },
    {
      title: '状态',
      key: 'state',
      width: 100,
      render: (_, r) => (r.parkedAt ? <Tag color="error">已暂停</Tag> : <Tag color="warning">重试中</Tag>),
    },
    { title: '尝试次数', dataIndex: 'attempts', width: 90 },
    {
      title: '最近错误',
      dataIndex: 'lastError',
      ellipsis: true,
      render: (v: string | null) => (
        <Typography.Text ellipsis={{ tooltip: v }}>{v ? v.split('\n')[0] : '-'}</Typography.Text>
      ),
    },
    {
      title: '下次尝试',
      key: 'next',
      width: 170,
      render: (_, r) => (r.parkedAt ? '等待处理' : formatDateTime(r.nextAttemptAt)),
    },
    ...(canRetry
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_: unknown, r: TEventDelivery) => (
              <Button type="link" size="small" disabled={retrying} onClick={() => retry([r])}>
                重试
              </Button>
            ),
          } as ColumnsType<TEventDelivery>[number],
        ]
      : []),
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={parkedOnly ? 'parked' : 'failed'}
          options={[
            { value: 'parked', label: '已暂停' },
            { value: 'failed', label: '全部失败' },
          ]}
          onChange={(v) => {
            const parked = v === 'parked';
            setParkedOnly(parked);
            setSelected([]);
            table.search({ parked });
          }}
        />
        {canRetry && (
          <Button
            icon={<RedoOutlined />}
            disabled={selected.length === 0}
            loading={retrying}
            onClick={() => retry(selected)}
          >
            重试所选
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => table.refresh()}>
          刷新
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        交卷、阅卷等操作完成后，系统会在后台继续更新考试记录、错题本、证书和消息。某项处理连续失败 10
        次后暂停投递，排除原因后可在此重试。
      </Typography.Paragraph>
      <Table<TEventDelivery>
        {...table.tableProps}
        columns={columns}
        scroll={{ x: 1100 }}
        rowSelection={
          canRetry
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                onChange: (_keys, rows) => setSelected(rows),
              }
            : undefined
        }
      />
    </>
  );
}
