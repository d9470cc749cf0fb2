/** 新建/编辑直播: title, cover, lecturer (name and account), schedule, audience, linked course, description. */
import { courseCoursePaging, liveRoomDetail, liveRoomSave, type TLiveSave, ZLiveSaveSchema } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from '../../../api/call';
import AudienceFields from '../notice/AudienceFields';
import EntityFormModal from '../shared/EntityFormModal';
import { type RecordDialogProps, useRecordForm } from '../shared/useRecordForm';
import UserSearchSelect from '../sys/msg/UserSearchSelect';
import { required, zodRule } from '../sys/shared';

/** One account through the people picker: the last one chosen. */
function LecturerSelect({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  return <UserSearchSelect value={value ? [value] : []} onChange={(ids) => onChange?.(ids[ids.length - 1] ?? null)} />;
}

type FormValues = Omit<TLiveSave, 'startTime' | 'endTime'> & { window?: [Dayjs | null, Dayjs | null] };

export default function LiveFormModal(props: RecordDialogProps) {
  const { open, modal } = useRecordForm<FormValues>({
    ...props,
    read: (id) =>
      call(liveRoomDetail, { id }).then((d) => ({
        ...d,
        openType: d.openType as 1 | 2 | 3,
        window: [dayjs(d.startTime), dayjs(d.endTime)],
      })),
    save: async ({ window, ...rest }, id) => {
      const body: TLiveSave = {
        ...rest,
        ...id,
        startTime: window?.[0]?.toISOString() ?? '',
        endTime: window?.[1]?.toISOString() ?? '',
      };
      return (await call(liveRoomSave, body)).id;
    },
  });
  const courses = useQuery({
    queryKey: ['live-course-options'],
    queryFn: () => call(courseCoursePaging, { current: 1, size: 200, params: {} }),
    enabled: open,
  });

  return (
    <EntityFormModal<FormValues>
      name="liveForm"
      noun="直播"
      width={760}
      {...modal}
      initialValues={{ openType: 1, description: '', lecturer: '' }}
    >
      <Form.Item label="直播标题" name="title" required rules={[zodRule(ZLiveSaveSchema.shape.title)]}>
        <Input maxLength={100} showCount placeholder="请输入直播标题" />
      </Form.Item>
      <Form.Item label="直播时间" name="window" rules={[required('请选择开始和计划结束时间')]}>
        <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm" placeholder={['开始时间', '计划结束时间']} />
      </Form.Item>
      <Form.Item label="讲师" name="lecturer">
        <Input maxLength={50} placeholder="讲师姓名" />
      </Form.Item>
      <Form.Item label="讲师账号" name="lecturerId" extra="讲师用该账号发言时会标记为“讲师”">
        <LecturerSelect />
      </Form.Item>
      <Form.Item label="封面地址" name="cover">
        <Input maxLength={300} placeholder="图片地址（可选）" />
      </Form.Item>
      <AudienceFields label="观看范围" />
      <Form.Item label="关联课程" name="courseId" extra="直播结束后回放会作为视频课件加入该课程">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          options={(courses.data?.records ?? []).map((c) => ({ value: c.id, label: c.title }))}
        />
      </Form.Item>
      <Form.Item label="直播简介" name="description">
        <Input.TextArea rows={4} maxLength={5000} />
      </Form.Item>
    </EntityFormModal>
  );
}
