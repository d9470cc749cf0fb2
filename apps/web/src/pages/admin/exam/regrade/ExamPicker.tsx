/** The exam select of the regrade and marking-by-question screens. */

import { examExamPaging } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { call } from '../../../../api/call';

export default function ExamPicker({ value, onChange }: { value?: string; onChange: (id?: string) => void }) {
  const exams = useQuery({
    queryKey: ['exam-picker-options'],
    queryFn: () => call(examExamPaging, { current: 1, size: 200, params: {} }),
  });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择考试"
      data-testid="exam-picker"
      style={{ width: 320 }}
      value={value}
      loading={exams.isLoading}
      options={(exams.data?.records ?? []).map((e) => ({ value: e.id, label: e.title }))}
      onChange={onChange}
    />
  );
}
