/** Create or edit a user: SPEC 5 mobile and password rules, department TreeSelect, roles multi-select. */
import {
  labelOptions,
  sysUserSave,
  sysUserUpdate,
  type TUserRecord,
  USER_STATE_LABELS,
  ZUserSaveSchema,
} from '@exam/contracts';
import { Form, Input, Modal, Select, TreeSelect } from 'antd';
import { call } from '../../../../api/call';
import { useModalForm } from '../../../../components/useModalForm';
import { optionalMobileRule, passwordRule } from '../../../../utils/validators';
import { deptSelectProps, required, useDeptTree, useRoleOptions, zodRule } from '../shared';

interface Values {
  userName: string;
  realName: string;
  mobile?: string;
  email?: string;
  deptId: string;
  roleIds: string[];
  password?: string;
  state?: number;
  remark?: string;
}

const fields = ZUserSaveSchema.shape;

export default function UserFormModal({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: TUserRecord | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const depts = useDeptTree();
  const roles = useRoleOptions();
  const { form, saving, submit } = useModalForm<Values>({
    open,
    source: user,
    initial: () =>
      user
        ? {
            userName: user.userName,
            realName: user.realName,
            mobile: user.mobile ?? undefined,
            email: user.email ?? undefined,
            deptId: user.deptId ?? undefined,
            roleIds: user.roleIds,
            state: user.state,
            remark: user.remark ?? undefined,
          }
        : undefined,
    save: (values) => {
      const body = {
        ...values,
        mobile: values.mobile || null,
        email: values.email || null,
        remark: values.remark || null,
      };
      return user
        ? call(sysUserUpdate, { ...body, id: user.id, state: values.state })
        : call(sysUserSave, { ...body, password: values.password as string, state: values.state ?? 0 });
    },
    successMsg: user ? '修改成功' : '新增成功',
    onSaved,
    onClose,
  });

  return (
    <Modal
      title={user ? '编辑用户' : '新增用户'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="保存"
      destroyOnHidden
      forceRender
      width={620}
    >
      <Form name="userForm" form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} initialValues={{ state: 0 }}>
        <Form.Item label="用户名" name="userName" required rules={[zodRule(fields.userName)]}>
          <Input placeholder="字母、数字或_.@-，2-32个字符" disabled={Boolean(user)} autoComplete="off" />
        </Form.Item>
        <Form.Item label="姓名" name="realName" required rules={[zodRule(fields.realName)]}>
          <Input placeholder="请输入姓名" />
        </Form.Item>
        {!user && (
          <Form.Item label="密码" name="password" required rules={[passwordRule]}>
            <Input.Password placeholder="至少6位，包含字母和数字" autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label="手机号" name="mobile" rules={[optionalMobileRule]}>
          <Input placeholder="11位手机号码" maxLength={11} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[zodRule(fields.email)]}>
          <Input placeholder="选填" />
        </Form.Item>
        <Form.Item label="部门" name="deptId" rules={[required('请选择部门')]}>
          <TreeSelect {...deptSelectProps(depts.data)} />
        </Form.Item>
        <Form.Item label="角色" name="roleIds" rules={[required('请至少选择一个角色')]}>
          <Select mode="multiple" placeholder="请选择角色" options={roles.options} loading={roles.isLoading} />
        </Form.Item>
        <Form.Item label="状态" name="state">
          <Select options={labelOptions(USER_STATE_LABELS)} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[zodRule(fields.remark)]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
