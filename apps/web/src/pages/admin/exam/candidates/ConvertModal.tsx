/** 转为学员: a learner account in a chosen department, keeping the candidate's attempt. */
import { candidateRosterConvert, type TCandidateRow } from '@exam/contracts';
import { App, Form, Input, Modal, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { attempt, deptSelectProps, required, useDeptTree } from '../../sys/shared';

export default function ConvertModal({
  examId,
  candidate,
  onClose,
  onDone,
}: {
  examId: string;
  candidate: TCandidateRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ deptId: string; userName?: string; password: string }>();
  const { message } = App.useApp();
  const depts = useDeptTree();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    if (!candidate) return;
    setSaving(true);
    let userName = '';
    const done = await attempt(async () => {
      const res = await call(candidateRosterConvert, {
        examId,
        id: candidate.id,
        deptId: v.deptId,
        userName: v.userName || null,
        password: v.password,
      });
      userName = res.userName;
    });
    setSaving(false);
    if (done) {
      message.success(`已转为学员，用户名 ${userName}`);
      onDone();
    }
  };
  return (
    <Modal
      open={Boolean(candidate)}
      title={`转为学员：${candidate?.name ?? ''}`}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
      afterOpenChange={(open) => open && form.resetFields()}
    >
      <Typography.Paragraph type="secondary">
        将为该考生创建学员账号，其本场考试的答卷归入新账号。用户名留空时使用考生手机号。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="deptId" label="部门" rules={[required('请选择部门')]}>
          <TreeSelect {...deptSelectProps(depts.data)} />
        </Form.Item>
        <Form.Item name="userName" label="用户名">
          <Input placeholder="默认使用手机号" maxLength={32} />
        </Form.Item>
        <Form.Item name="password" label="初始密码" rules={[required('请输入初始密码')]}>
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
