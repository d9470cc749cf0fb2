/** 考试趋势: every exam with results in the order it started: participation, pass rate, average rate. */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { reportApi, type TExamTrendRow } from '../../../../api/report';
import { LoadFailed, Permission } from '../../../../components';
import { Chart, type Period, PeriodPicker, pct, periodQuery } from './shared';

export default function TrendTab() {
  const [title, setTitle] = useState('');
  const [period, setPeriod] = useState<Period>(null);
  const query = { title: title || undefined, ...periodQuery(period) };
  const data = useQuery({ queryKey: ['report-trend', query], queryFn: () => reportApi.trend(query) });
  const rows = data.data ?? [];
  const series = useMemo(
    () => [
      { name: '通过率', data: rows.map((r) => r.passRate) },
      { name: '平均得分率', data: rows.map((r) => r.avgRate) },
    ],
    [rows],
  );
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder="考试名称" style={{ width: 220 }} onSearch={(v) => setTitle(v.trim())} />
        <PeriodPicker value={period} onChange={setPeriod} />
        <Permission tag="exam:report:export">
          <Button icon={<DownloadOutlined />} onClick={() => reportApi.exportTrend(query)}>
            导出
          </Button>
        </Permission>
      </Space>
      {data.isError ? (
        <LoadFailed error={data.error} onRetry={() => data.refetch()} />
      ) : rows.length ? (
        <Chart
          kind="line"
          testId="trend-chart"
          categories={rows.map((r) => `${dayjs(r.startTime).format('MM-DD')} ${r.title}`)}
          series={series}
        />
      ) : (
        !data.isLoading && <Empty description="所选范围内没有已完成的考试成绩" />
      )}
      <Table<TExamTrendRow>
        style={{ marginTop: 16 }}
        rowKey="examId"
        size="middle"
        loading={data.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 800 }}
        columns={[
          { title: '考试名称', dataIndex: 'title', ellipsis: true },
          {
            title: '开始时间',
            dataIndex: 'startTime',
            width: 150,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          { title: '试卷总分', dataIndex: 'totalScore', width: 90, align: 'center' },
          { title: '参考人数', dataIndex: 'learners', width: 90, align: 'center' },
          { title: '已完成答卷', dataIndex: 'papers', width: 100, align: 'center' },
          { title: '通过率', dataIndex: 'passRate', width: 90, align: 'center', render: pct },
          { title: '平均分', dataIndex: 'avgScore', width: 80, align: 'center' },
          { title: '平均得分率', dataIndex: 'avgRate', width: 100, align: 'center', render: pct },
        ]}
      />
    </>
  );
}
