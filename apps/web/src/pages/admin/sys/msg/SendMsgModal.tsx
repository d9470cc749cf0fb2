/** Send a message to all users, chosen departments (with their sub-departments) or chosen people. */
import { sysMsgSend, type TMsgSend, ZMsgSendSchema } from '@exam/contracts';
import { Form, Input, Modal, Radio, TreeSelect } from 'antd';
import { call } from '../../../../api/call';
import { useModalForm } from '../../../../components/useModalForm';
import { deptSelectProps, required, useDeptTree, zodRule } from '../shared';
import UserSearchSelect from './UserSearchSelect';

const TARGETS = [
  { value: 'all', label: '全部用户' },
  { value: 'dept', label: '指定部门' },
  { value: 'user', label: '指定人员' },
];

export default function SendMsgModal({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { form, saving, submit } = useModalForm<TMsgSend, { recipients: number }>({
    open,
    source: null,
    initial: () => undefined,
    save: (values) =>
      call(sysMsgSend, {
        title: values.title,
        content: values.content,
        target: values.target,
        ...(values.target === 'dept' ? { deptIds: values.deptIds } : {}),
        ...(values.target === 'user' ? { userIds: values.userIds } : {}),
      }),
    successMsg: ({ recipients }) => `发送成功，共${recipients}人接收`,
    onSaved: onSent,
    onClose,
  });
  const depts = useDeptTree();
  const target = Form.useWatch('target', form);

  return (
    <Modal
      title="发送消息"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="发送"
      confirmLoading={saving}
      width={640}
      forceRender
    >
      <Form
        name="msgSend"
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 19 }}
        initialValues={{ target: 'all' }}
      >
        <Form.Item label="标题" name="title" required rules={[zodRule(ZMsgSendSchema.shape.title)]}>
          <Input placeholder="请输入消息标题" maxLength={100} showCount />
        </Form.Item>
        <Form.Item label="内容" name="content" required rules={[zodRule(ZMsgSendSchema.shape.content)]}>
          <Input.TextArea rows={6} placeholder="请输入消息内容" maxLength={10000} showCount />
        </Form.Item>
        <Form.Item label="发送对象" name="target">
          <Radio.Group options={TARGETS} optionType="button" buttonStyle="solid" />
        </Form.Item>
        {target === 'dept' && (
          <Form.Item
            label="部门"
            name="deptIds"
            rules={[required('请选择部门')]}
            extra="所选部门及其下级部门的全部用户"
          >
            <TreeSelect {...deptSelectProps(depts.data, true)} />
          </Form.Item>
        )}
        {target === 'user' && (
          <Form.Item label="人员" name="userIds" rules={[required('请选择用户')]}>
            <UserSearchSelect />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
