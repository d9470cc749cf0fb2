/** 部门对比: departments side by side (the learner's department when the paper was sat). */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Select, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { reportApi, type TDeptReportRow } from '../../../../api/report';
import { LoadFailed, Permission } from '../../../../components';
import { Chart, type Period, PeriodPicker, pct, periodQuery } from './shared';

export default function DeptTab() {
  const [examId, setExamId] = useState<string | undefined>();
  const [period, setPeriod] = useState<Period>(null);
  const query = { examId, ...periodQuery(period) };
  // The exams that have results, for the picker.
  const exams = useQuery({ queryKey: ['report-trend', {}], queryFn: () => reportApi.trend({}) });
  const data = useQuery({ queryKey: ['report-dept', query], queryFn: () => reportApi.dept(query) });
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
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="全部考试"
          style={{ width: 260 }}
          value={examId}
          onChange={setExamId}
          options={(exams.data ?? []).map((e) => ({ value: e.examId, label: e.title }))}
          data-testid="dept-exam"
        />
        <PeriodPicker value={period} onChange={setPeriod} />
        <Permission tag="exam:report:export">
          <Button icon={<DownloadOutlined />} onClick={() => reportApi.exportDept(query)}>
            导出
          </Button>
        </Permission>
      </Space>
      {data.isError ? (
        <LoadFailed error={data.error} onRetry={() => data.refetch()} />
      ) : rows.length ? (
        <Chart kind="bar" testId="dept-chart" categories={rows.map((r) => r.deptName)} series={series} />
      ) : (
        !data.isLoading && <Empty description="没有可对比的考试成绩" />
      )}
      <Table<TDeptReportRow>
        style={{ marginTop: 16 }}
        rowKey={(r) => r.deptId ?? 'none'}
        size="middle"
        loading={data.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          { title: '部门', dataIndex: 'deptName' },
          { title: '参考人数', dataIndex: 'learners', width: 90, align: 'center' },
          { title: '已完成答卷', dataIndex: 'papers', width: 100, align: 'center' },
          { title: '通过答卷', dataIndex: 'passedPapers', width: 90, align: 'center' },
          { title: '通过率', dataIndex: 'passRate', width: 90, align: 'center', render: pct },
          { title: '平均分', dataIndex: 'avgScore', width: 80, align: 'center' },
          { title: '平均得分率', dataIndex: 'avgRate', width: 100, align: 'center', render: pct },
        ]}
      />
    </>
  );
}
