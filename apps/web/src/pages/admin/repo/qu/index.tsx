/** 试题管理: every question across banks, and those whose measured statistics ask for a review. */
import { Tabs } from 'antd';
import { PageContainer } from '../../../../components';
import { QuestionTable } from '../../../../components/question';
import StatReview from './StatReview';

export default function QuManagePage() {
  return (
    <PageContainer title="试题管理">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'all', label: '全部试题', children: <QuestionTable /> },
          { key: 'review', label: '待复核试题', children: <StatReview /> },
        ]}
      />
    </PageContainer>
  );
}
