/** 系统日志: sign-ins, administrator operations and client errors; filters by user, result and time range. */
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TLog, TLogPagingParams } from '@exam/contracts';
import { sysLogPaging } from '@exam/contracts';
import { Button, DatePicker, Form, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { DateTimeLines, PageContainer, usePermission, useServerTable } from '../../../../components';
import { timeRangeRule } from '../../../../utils/validators';
import EventDeliveries from './EventDeliveries';
import LogDetailModal from './LogDetailModal';
import SystemFigures from './SystemFigures';

const TYPES = [
  { key: '1', label: '登录日志' },
  { key: '2', label: '操作日志' },
  { key: '3', label: '前端错误' },
  { key: '4', label: '事件投递' },
];
const EVENT_TAB = 4;

type Period = 'all' | 'today' | 'week' | 'month' | 'custom';
type Filters = {
  userName?: string;
  success?: boolean;
  keyword?: string;
  period: Period;
  range?: [Dayjs, Dayjs] | null;
};

const PERIODS: { value: Period; label: string }[] = [
  { value: 'all', label: '全部时间' },
  { value: 'today', label: '今天' },
  { value: 'week', label: '近7天' },
  { value: 'month', label: '近30天' },
  { value: 'custom', label: '自定义时间段' },
];

/** The [from, to] of a period as ISO strings, or null for all time. */
function rangeOf(period: Period, range: Filters['range']): string[] | null {
  const now = dayjs();
  if (period === 'custom') return range ? [range[0].toISOString(), range[1].toISOString()] : null;
  if (period === 'today') return [now.startOf('day').toISOString(), now.endOf('day').toISOString()];
  if (period === 'week') return [now.subtract(6, 'day').startOf('day').toISOString(), now.endOf('day').toISOString()];
  if (period === 'month') return [now.subtract(29, 'day').startOf('day').toISOString(), now.endOf('day').toISOString()];
  return null;
}

export default function SysLogPage() {
  const [type, setType] = useState(1);
  const [form] = Form.useForm<Filters>();
  const table = useServerTable<TLog, TLogPagingParams>(['sys-log'], (req) => call(sysLogPaging, req), {
    initialParams: { type: 1 },
  });
  const [viewing, setViewing] = useState<TLog | null>(null);
  const period = Form.useWatch('period', form);
  const seesFigures = usePermission('sys:dashboard:view');

  const run = (nextType = type) => {
    const v = form.getFieldsValue();
    table.search({
      type: nextType,
      userName: v.userName?.trim() || null,
      success: v.success ?? null,
      keyword: v.keyword?.trim() || null,
      timeRange: rangeOf(v.period ?? 'all', v.range),
    });
  };

  const columns: ColumnsType<TLog> = [
    { title: '时间', dataIndex: 'createdAt', width: 104, render: (v) => <DateTimeLines value={v} /> },
    { title: '用户', dataIndex: 'userName', width: 100, render: (v) => v || '-' },
    { title: type === 3 ? '错误信息' : '操作', dataIndex: 'title', width: type === 3 ? 220 : 140, ellipsis: true },
    ...(type === 2
      ? [{ title: '接口地址', dataIndex: 'path', width: 170, ellipsis: true } as ColumnsType<TLog>[number]]
      : []),
    {
      title: '结果',
      dataIndex: 'success',
      width: 80,
      render: (v: boolean) => (v ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    {
      title: '结果信息',
      dataIndex: 'message',
      ellipsis: true,
      render: (v) => <Typography.Text ellipsis={{ tooltip: v }}>{v || '-'}</Typography.Text>,
    },
    { title: 'IP地址', dataIndex: 'ip', width: 116, render: (v) => v || '-' },
    { title: '耗时', dataIndex: 'durationMs', width: 76, render: (v) => (v === null ? '-' : `${v} ms`) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <>
      {seesFigures && <SystemFigures />}
      <PageContainer
        title="系统日志"
        search={
          <>
            <Tabs
              activeKey={String(type)}
              items={TYPES}
              onChange={(key) => {
                setType(Number(key));
                if (Number(key) !== EVENT_TAB) run(Number(key));
              }}
            />
            {type !== EVENT_TAB && (
              <Form
                name="logSearch"
                form={form}
                layout="inline"
                initialValues={{ period: 'all' }}
                onFinish={() => run()}
              >
                <Form.Item name="userName">
                  <Input placeholder="用户名" allowClear style={{ width: 150 }} />
                </Form.Item>
                <Form.Item name="success">
                  <Select
                    placeholder="全部结果"
                    allowClear
                    style={{ width: 120 }}
                    options={[
                      { value: true, label: '成功' },
                      { value: false, label: '失败' },
                    ]}
                  />
                </Form.Item>
                <Form.Item name="keyword">
                  <Input placeholder="操作 / 接口 / 信息" allowClear style={{ width: 170 }} />
                </Form.Item>
                <Form.Item name="period">
                  <Select style={{ width: 130 }} options={PERIODS} aria-label="时间范围" />
                </Form.Item>
                {period === 'custom' && (
                  <Form.Item name="range" rules={[timeRangeRule]}>
                    <DatePicker.RangePicker
                      showTime
                      needConfirm={false}
                      placeholder={['开始时间', '结束时间']}
                      style={{ width: 360 }}
                    />
                  </Form.Item>
                )}
                <Space>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                    搜索
                  </Button>
                  <Button
                    icon={<ReloadOutlined />}
                    onClick={() => {
                      form.resetFields();
                      run();
                    }}
                  >
                    重置
                  </Button>
                </Space>
              </Form>
            )}
          </>
        }
      >
        {type === EVENT_TAB ? (
          <EventDeliveries />
        ) : (
          <Table<TLog> {...table.tableProps} columns={columns} scroll={{ x: 960 }} />
        )}
        <LogDetailModal log={viewing} onClose={() => setViewing(null)} />
      </PageContainer>
    </>
  );
}
