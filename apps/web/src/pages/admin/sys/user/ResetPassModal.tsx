/** An administrator sets a new password for a user (SPEC 5 password rule, typed twice). */
import type { TUserRecord } from '@exam/contracts';
import { sysUserResetPass } from '@exam/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { passwordRule } from '../../../../utils/validators';
import { attempt } from '../shared';

export default function ResetPassModal({ user, onClose }: { user: TUserRecord | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const submit = async () => {
    if (!user) return;
    const { password } = await form.validateFields();
    setSaving(true);
    const ok = await attempt(() => call(sysUserResetPass, { id: user.id, password }));
    setSaving(false);
    if (!ok) return;
    message.success('密码已重置');
    onClose();
  };

  return (
    <Modal
      title={`重置密码 - ${user?.realName ?? ''}（${user?.userName ?? ''}）`}
      open={Boolean(user)}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      forceRender
    >
      <Form name="resetPass" form={form} layout="vertical">
        <Form.Item label="新密码" name="password" required rules={[passwordRule]}>
          <Input.Password placeholder="至少6位，包含字母和数字" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
