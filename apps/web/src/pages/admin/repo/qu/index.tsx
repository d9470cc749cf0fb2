/** 试题管理: every question across banks. */
import { PageContainer } from '../../../../components';
import { QuestionTable } from '../../../../components/question';

export default function QuManagePage() {
  return (
    <PageContainer title="试题管理">
      <QuestionTable />
    </PageContainer>
  );
}
