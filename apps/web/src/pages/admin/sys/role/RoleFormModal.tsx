/** Create or edit a role: code, name, roleType (1 学员 / 2 管理员), dataScope (1-4). */
import {
  DATA_SCOPE_LABELS,
  labelOptions,
  ROLE_TYPE_LABELS,
  sysRoleSave,
  type TRole,
  ZRoleSaveSchema,
} from '@exam/contracts';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { call } from '../../../../api/call';
import { useModalForm } from '../../../../components/useModalForm';
import { zodRule } from '../shared';

interface Values {
  code: string;
  name: string;
  roleType: 1 | 2;
  dataScope: number;
  remark?: string;
}

const fields = ZRoleSaveSchema.shape;

export default function RoleFormModal({
  open,
  role,
  onClose,
  onSaved,
}: {
  open: boolean;
  role: TRole | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, saving, submit } = useModalForm<Values>({
    open,
    source: role,
    initial: () =>
      role
        ? {
            code: role.code,
            name: role.name,
            roleType: role.roleType as 1 | 2,
            dataScope: role.dataScope,
            remark: role.remark ?? undefined,
          }
        : undefined,
    save: (values) => call(sysRoleSave, { ...values, id: role?.id, remark: values.remark || null }),
    onSaved,
    onClose,
  });

  return (
    <Modal
      title={role ? '编辑角色' : '新增角色'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      forceRender
    >
      <Form
        name="roleForm"
        form={form}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 18 }}
        initialValues={{ roleType: 2, dataScope: 1 }}
      >
        <Form.Item label="角色编码" name="code" required rules={[zodRule(fields.code)]}>
          <Input placeholder="以字母开头，如 teacher" disabled={role?.builtIn} />
        </Form.Item>
        <Form.Item label="角色名称" name="name" required rules={[zodRule(fields.name)]}>
          <Input placeholder="请输入角色名称" />
        </Form.Item>
        <Form.Item label="角色类型" name="roleType" required>
          <Radio.Group options={labelOptions(ROLE_TYPE_LABELS)} />
        </Form.Item>
        <Form.Item label="数据范围" name="dataScope" required extra="管理员可查看、管理的用户数据范围">
          <Select options={labelOptions(DATA_SCOPE_LABELS)} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[zodRule(fields.remark)]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
