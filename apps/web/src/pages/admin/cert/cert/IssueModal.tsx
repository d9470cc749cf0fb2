/** 手动发放: a template, the chosen learners and what they achieved; each learner gets it at most once. */
import type { TCertTmpl } from '@exam/contracts';
import { certCertIssue, sysUserPaging } from '@exam/contracts';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/call';

interface Props {
  open: boolean;
  tmpls: TCertTmpl[];
  onClose: (issued: boolean) => void;
}

export default function IssueModal({ open, tmpls, onClose }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [users, setUsers] = useState<{ value: string; label: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const searchUsers = async (keyword: string) => {
    const page = await call(sysUserPaging, { current: 1, size: 30, params: { keyword: keyword || undefined } });
    setUsers(page.records.map((u) => ({ value: u.id, label: `${u.realName}（${u.userName}）` })));
  };
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const r = await call(certCertIssue, values);
      message.success(`已发放 ${r.issued} 张${r.skipped ? `，${r.skipped} 人已有该证书` : ''}`);
      form.resetFields();
      onClose(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="手动发放证书"
      onOk={submit}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      afterOpenChange={(o) => o && searchUsers('')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="tmplId" label="证书模板" rules={[{ required: true, message: '请选择证书模板' }]}>
          <Select options={tmpls.map((t) => ({ value: t.id, label: t.title }))} placeholder="选择模板" />
        </Form.Item>
        <Form.Item name="userIds" label="学员" rules={[{ required: true, message: '请选择学员' }]}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={searchUsers}
            options={users}
            placeholder="输入姓名或用户名搜索"
          />
        </Form.Item>
        <Form.Item name="achievement" label="获得成就" rules={[{ required: true, message: '请填写获得成就' }]}>
          <Input maxLength={200} placeholder="如：2026年度优秀学员" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
