/**
 * The frame 考试趋势 and 部门对比 share: rows of participation, pass rate and average rate over a
 * period, as a chart of the two rates and a table. Each tab brings its own filter, request, chart
 * category and leading columns; the period, the export button, the error and empty states and the
 * rate columns live here once, so the two tabs cannot drift apart.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { LoadFailed, Permission } from '../../../../components';
import { Chart, type Period, PeriodPicker, pct, periodQuery } from './shared';

/** What every row of a rate report holds (rates 0-1). */
export interface RateRow {
  learners: number;
  papers: number;
  passRate: number;
  avgScore: number;
  avgRate: number;
}

type WithPeriod<Q> = Q & ReturnType<typeof periodQuery>;

export interface RateReportProps<Q extends object, Row extends RateRow> {
  /** The react-query key's first part (the filter and period follow). */
  queryKey: string;
  /** The tab's own filter, without the period. */
  filter: Q;
  /** The tab's control of that filter, shown before the period picker. */
  filterControl: ReactNode;
  load: (query: WithPeriod<Q>) => Promise<Row[]>;
  exportFile: (query: WithPeriod<Q>) => unknown;
  chart: { kind: 'line' | 'bar'; testId: string; category: (row: Row) => string };
  emptyText: string;
  rowKey: (row: Row) => string;
  scrollX: number;
  /** Columns before 参考人数. */
  leadColumns: ColumnsType<Row>;
  /** Columns between 已完成答卷 and 通过率. */
  midColumns?: ColumnsType<Row>;
}

export default function RateReport<Q extends object, Row extends RateRow>(props: RateReportProps<Q, Row>) {
  const { filter, load, chart } = props;
  const [period, setPeriod] = useState<Period>(null);
  const query = { ...filter, ...periodQuery(period) };
  const data = useQuery({ queryKey: [props.queryKey, query], queryFn: () => load(query) });
  const rows = data.data ?? [];
  const series = useMemo(
    () => [
      { name: '通过率', data: rows.map((r) => r.passRate) },
      { name: '平均得分率', data: rows.map((r) => r.avgRate) },
    ],
    [rows],
  );
  const columns: ColumnsType<Row> = [
    ...props.leadColumns,
    { title: '参考人数', dataIndex: 'learners', width: 90, align: 'center' },
    { title: '已完成答卷', dataIndex: 'papers', width: 100, align: 'center' },
    ...(props.midColumns ?? []),
    { title: '通过率', dataIndex: 'passRate', width: 90, align: 'center', render: pct },
    { title: '平均分', dataIndex: 'avgScore', width: 80, align: 'center' },
    { title: '平均得分率', dataIndex: 'avgRate', width: 100, align: 'center', render: pct },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {props.filterControl}
        <PeriodPicker value={period} onChange={setPeriod} />
        <Permission tag="exam:report:export">
          <Button icon={<DownloadOutlined />} onClick={() => props.exportFile(query)}>
            导出
          </Button>
        </Permission>
      </Space>
      {data.isError ? (
        <LoadFailed error={data.error} onRetry={() => data.refetch()} />
      ) : rows.length ? (
        <Chart kind={chart.kind} testId={chart.testId} categories={rows.map(chart.category)} series={series} />
      ) : (
        !data.isLoading && <Empty description={props.emptyText} />
      )}
      <Table<Row>
        style={{ marginTop: 16 }}
        rowKey={props.rowKey}
        size="middle"
        loading={data.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: props.scrollX }}
        columns={columns}
      />
    </>
  );
}
