/** Add a department (top level or under a parent) or edit one: name, parent, sort. */
import { sysDepartSave, type TDeptNode, ZDeptSaveSchema } from '@exam/contracts';
import { Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { call } from '../../../../api/call';
import { useModalForm } from '../../../../components/useModalForm';
import { deptSelectProps, useDeptTree, zodRule } from '../shared';

export interface DeptEditing {
  dept?: TDeptNode;
  parentId: string | null;
  parentName: string | null;
}

export default function DeptFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: DeptEditing | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, saving, submit } = useModalForm<{ name: string; parentId?: string | null; sort: number }>({
    open: editing !== null,
    source: editing,
    initial: () => ({
      name: editing?.dept?.name,
      parentId: editing?.parentId ?? undefined,
      sort: editing?.dept?.sort ?? 0,
    }),
    save: (values) =>
      call(sysDepartSave, {
        id: editing?.dept?.id,
        name: values.name,
        parentId: values.parentId ?? null,
        sort: values.sort ?? 0,
      }),
    onSaved,
    onClose,
  });
  const depts = useDeptTree();

  const title = editing?.dept ? '编辑部门' : editing?.parentName ? `新增下级部门（${editing.parentName}）` : '新增部门';
  return (
    <Modal title={title} open={editing !== null} onCancel={onClose} onOk={submit} confirmLoading={saving} forceRender>
      <Form name="deptForm" form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="部门名称" name="name" required rules={[zodRule(ZDeptSaveSchema.shape.name)]}>
          <Input placeholder="请输入部门名称" maxLength={64} />
        </Form.Item>
        <Form.Item label="上级部门" name="parentId" extra="不选择则为顶级部门">
          <TreeSelect {...deptSelectProps(depts.data)} placeholder="顶级部门" />
        </Form.Item>
        <Form.Item label="排序" name="sort">
          <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
