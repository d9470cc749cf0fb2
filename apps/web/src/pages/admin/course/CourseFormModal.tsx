/** 新建/编辑课程: title, category, lecturer, credit hours, required, audience, window, skipping, linked exams, introduction. */
import {
  courseCategoryTree,
  courseCourseDetail,
  courseCourseSave,
  examExamPaging,
  type TCourseSave,
  ZCourseSaveSchema,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from '../../../api/call';
import RichTextEditor from '../../../components/question/RichTextEditor';
import AudienceFields from '../notice/AudienceFields';
import EntityFormModal from '../shared/EntityFormModal';
import { type RecordDialogProps, useRecordForm } from '../shared/useRecordForm';
import { zodRule } from '../sys/shared';

type FormValues = Omit<TCourseSave, 'startTime' | 'endTime'> & { window?: [Dayjs | null, Dayjs | null] };

export default function CourseFormModal(props: RecordDialogProps) {
  const { open, modal } = useRecordForm<FormValues>({
    ...props,
    read: (id) =>
      call(courseCourseDetail, { id }).then((d) => ({
        ...d,
        openType: d.openType as 1 | 2 | 3,
        window: [d.startTime ? dayjs(d.startTime) : null, d.endTime ? dayjs(d.endTime) : null],
      })),
    save: async ({ window, ...rest }, id) => {
      const body: TCourseSave = {
        ...rest,
        ...id,
        startTime: window?.[0]?.toISOString() ?? null,
        endTime: window?.[1]?.toISOString() ?? null,
      };
      return (await call(courseCourseSave, body)).id;
    },
  });
  const categories = useQuery({
    queryKey: ['course-categories'],
    queryFn: () => call(courseCategoryTree, {}),
    enabled: open,
  });
  const exams = useQuery({
    queryKey: ['course-exam-options'],
    queryFn: () => call(examExamPaging, { current: 1, size: 200, params: {} }),
    enabled: open,
  });

  return (
    <EntityFormModal<FormValues>
      name="courseForm"
      noun="课程"
      width={820}
      {...modal}
      initialValues={{ openType: 1, hours: 1, required: false, allowSkip: false, passRate: 95, sort: 0, content: '' }}
    >
      <Form.Item label="课程名称" name="title" required rules={[zodRule(ZCourseSaveSchema.shape.title)]}>
        <Input maxLength={100} showCount placeholder="请输入课程名称" />
      </Form.Item>
      <Form.Item label="课程分类" name="categoryId">
        <TreeSelect
          allowClear
          treeData={categories.data ?? []}
          fieldNames={{ label: 'name', value: 'id', children: 'children' }}
        />
      </Form.Item>
      <Form.Item label="讲师" name="lecturer">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="学时" name="hours">
        <InputNumber min={0} max={1000} step={0.5} />
      </Form.Item>
      <Form.Item label="必修" name="required" valuePropName="checked">
        <Switch checkedChildren="必修" unCheckedChildren="选修" />
      </Form.Item>
      <AudienceFields label="学习范围" />
      <Form.Item label="有效期" name="window" extra="不填表示长期有效">
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item label="允许拖动快进" name="allowSkip" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="视频完成比例" name="passRate" extra="观看达到视频时长的该比例即算完成">
        <InputNumber min={50} max={100} addonAfter="%" />
      </Form.Item>
      <Form.Item label="关联考试" name="examIds" extra="完成本课程后才能参加这些考试">
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={(exams.data?.records ?? []).map((e) => ({ value: e.id, label: e.title }))}
        />
      </Form.Item>
      <Form.Item label="排序" name="sort">
        <InputNumber min={0} max={99999} />
      </Form.Item>
      <Form.Item label="课程介绍" name="content">
        <RichTextEditor minHeight={160} testId="course-content" />
      </Form.Item>
    </EntityFormModal>
  );
}
