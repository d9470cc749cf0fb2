/**
 * Who a notice or a course is for: everyone, chosen departments (with their sub-departments) or
 * chosen people; the form items of the `openType`, `deptIds` and `userIds` fields. Courses share the
 * notices' audience rules on the server too (modules/notice/notice-audience.ts).
 */
import { NOTICE_OPEN_TYPE_LABELS } from '@exam/contracts';
import { Form, Radio, TreeSelect } from 'antd';
import UserSearchSelect from '../sys/msg/UserSearchSelect';
import { deptSelectProps, required, useDeptTree } from '../sys/shared';

const OPEN_TYPES = [1, 2, 3].map((value) => ({ value, label: NOTICE_OPEN_TYPE_LABELS[value] }));

export default function AudienceFields({ label, deptExtra }: { label: string; deptExtra?: string }) {
  const depts = useDeptTree();
  const openType = Form.useWatch('openType', Form.useFormInstance());
  return (
    <>
      <Form.Item label={label} name="openType">
        <Radio.Group options={OPEN_TYPES} optionType="button" buttonStyle="solid" />
      </Form.Item>
      {openType === 2 && (
        <Form.Item label="部门" name="deptIds" rules={[required('请选择指定部门')]} extra={deptExtra}>
          <TreeSelect {...deptSelectProps(depts.data, true)} />
        </Form.Item>
      )}
      {openType === 3 && (
        <Form.Item label="人员" name="userIds" rules={[required('请选择指定人员')]}>
          <UserSearchSelect />
        </Form.Item>
      )}
    </>
  );
}
