/** 部门对比: departments side by side (the learner's department when the paper was sat). */

import type { TDeptReportRow } from '@exam/contracts';
import { examReportDeptExport, examReportDeptStat, examReportTrendStat } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { call, callDownload } from '../../../../api/call';
import RateReport from './RateReport';

export default function DeptTab() {
  const [examId, setExamId] = useState<string | undefined>();
  // The exams that have results, for the picker (the same request as 考试趋势's unfiltered list).
  const exams = useQuery({ queryKey: ['report-trend', {}], queryFn: () => call(examReportTrendStat, {}) });
  return (
    <RateReport<{ examId?: string }, TDeptReportRow>
      queryKey="report-dept"
      filter={{ examId }}
      filterControl={
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
      }
      load={(q) => call(examReportDeptStat, q)}
      exportFile={(q) => callDownload(examReportDeptExport, q, '部门成绩对比.xlsx')}
      chart={{ kind: 'bar', testId: 'dept-chart', category: (r) => r.deptName }}
      emptyText="没有可对比的考试成绩"
      rowKey={(r) => r.deptId ?? 'none'}
      scrollX={720}
      leadColumns={[{ title: '部门', dataIndex: 'deptName' }]}
      midColumns={[{ title: '通过答卷', dataIndex: 'passedPapers', width: 90, align: 'center' }]}
    />
  );
}
