/** Batch department or batch role for the selected users (SPEC 3: ids plus the target). */

import { sysUserBatchDept, sysUserBatchRole } from '@exam/contracts';
import { App, Form, Modal, Select, TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { attempt, deptSelectProps, required, useDeptTree, useRoleOptions } from '../shared';

export type BatchKind = 'dept' | 'role';

export default function BatchModal({
  kind,
  ids,
  onClose,
  onDone,
}: {
  kind: BatchKind | null;
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ deptId?: string; roleIds?: string[] }>();
  const [saving, setSaving] = useState(false);
  const depts = useDeptTree();
  const roles = useRoleOptions();

  useEffect(() => {
    if (kind) form.resetFields();
  }, [kind, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const ok = await attempt(() =>
      kind === 'dept'
        ? call(sysUserBatchDept, { ids, deptId: values.deptId as string })
        : call(sysUserBatchRole, { ids, roleIds: values.roleIds ?? [] }),
    );
    setSaving(false);
    if (!ok) return;
    message.success('修改成功');
    onDone();
    onClose();
  };

  return (
    <Modal
      title={kind === 'dept' ? '批量修改部门' : '批量修改角色'}
      open={kind !== null}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      forceRender
    >
      <Typography.Paragraph type="secondary">已选择 {ids.length} 个用户</Typography.Paragraph>
      <Form name="userBatch" form={form} layout="vertical">
        {kind === 'dept' ? (
          <Form.Item label="目标部门" name="deptId" rules={[required('请选择部门')]}>
            <TreeSelect {...deptSelectProps(depts.data)} />
          </Form.Item>
        ) : (
          <Form.Item label="角色（将替换原有角色）" name="roleIds" rules={[required('请至少选择一个角色')]}>
            <Select mode="multiple" placeholder="请选择角色" options={roles.options} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
