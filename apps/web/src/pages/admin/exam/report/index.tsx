/** 成绩报表 (admin/exam/report): a learner's transcript, departments side by side, exams over time. */
import { Tabs } from 'antd';
import { useState } from 'react';
import { PageContainer } from '../../../../components';
import DeptTab from './DeptTab';
import TranscriptTab from './TranscriptTab';
import TrendTab from './TrendTab';

export default function ExamReportPage() {
  const [tab, setTab] = useState('trend');
  return (
    <PageContainer title="成绩报表">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'trend', label: '考试趋势', children: <TrendTab /> },
          { key: 'dept', label: '部门对比', children: <DeptTab /> },
          { key: 'transcript', label: '学员成绩单', children: <TranscriptTab /> },
        ]}
      />
    </PageContainer>
  );
}
