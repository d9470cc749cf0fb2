/** 考试趋势: every exam with results in the order it started: participation, pass rate, average rate. */

import type { TExamTrendRow } from '@exam/contracts';
import { examReportTrendExport, examReportTrendStat } from '@exam/contracts';
import { Input } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { call, callDownload } from '../../../../api/call';
import RateReport from './RateReport';

export default function TrendTab() {
  const [title, setTitle] = useState('');
  return (
    <RateReport<{ title?: string }, TExamTrendRow>
      queryKey="report-trend"
      filter={{ title: title || undefined }}
      filterControl={
        <Input.Search allowClear placeholder="考试名称" style={{ width: 220 }} onSearch={(v) => setTitle(v.trim())} />
      }
      load={(q) => call(examReportTrendStat, q)}
      exportFile={(q) => callDownload(examReportTrendExport, q, '考试成绩趋势.xlsx')}
      chart={{
        kind: 'line',
        testId: 'trend-chart',
        category: (r) => `${dayjs(r.startTime).format('MM-DD')} ${r.title}`,
      }}
      emptyText="所选范围内没有已完成的考试成绩"
      rowKey={(r) => r.examId}
      scrollX={800}
      leadColumns={[
        { title: '考试名称', dataIndex: 'title', ellipsis: true },
        {
          title: '开始时间',
          dataIndex: 'startTime',
          width: 150,
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
        },
        { title: '试卷总分', dataIndex: 'totalScore', width: 90, align: 'center' },
      ]}
    />
  );
}
