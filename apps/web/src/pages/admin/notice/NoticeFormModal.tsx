/** Compose or edit a notice: title, rich text, audience (everyone / departments / people), pin, attachments. */
import { UploadOutlined } from '@ant-design/icons';
import { NOTICE_OPEN_TYPE_LABELS, type TNoticeSave, ZNoticeSaveSchema } from '@exam/contracts';
import { App, Button, Form, Input, Modal, Radio, Spin, Switch, TreeSelect, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { noticeApi } from '../../../api/notice';
import RichTextEditor from '../../../components/question/RichTextEditor';
import UserSearchSelect from '../sys/msg/UserSearchSelect';
import { attempt, deptSelectProps, required, useDeptTree, zodRule } from '../sys/shared';

type FormValues = Omit<TNoticeSave, 'fileIds'> & { files?: UploadFile[] };

const OPEN_TYPES = [1, 2, 3].map((value) => ({ value, label: NOTICE_OPEN_TYPE_LABELS[value] }));

export default function NoticeFormModal({
  id,
  open,
  onClose,
  onSaved,
}: {
  /** The notice being edited; null for a new one. */
  id: string | null;
  open: boolean;
  onClose: () => void;
  /** Called with the saved id; `publish` when the user chose 保存并发布. */
  onSaved: (id: string, publish: boolean) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  const depts = useDeptTree();
  const openType = Form.useWatch('openType', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!id) return;
    setLoading(true);
    noticeApi
      .detail(id)
      .then((d) =>
        form.setFieldsValue({
          title: d.title,
          content: d.content,
          openType: d.openType as 1 | 2 | 3,
          deptIds: d.deptIds,
          userIds: d.userIds,
          pinned: d.pinned,
          files: d.attachments.map((a) => ({ uid: a.id, name: a.name, status: 'done', url: a.url, response: a })),
        }),
      )
      .catch(() => onClose())
      .finally(() => setLoading(false));
  }, [open, id, form, onClose]);

  const submit = async (publish: boolean) => {
    const v = await form.validateFields();
    const body: TNoticeSave = {
      ...(id ? { id } : {}),
      title: v.title,
      content: v.content,
      openType: v.openType,
      deptIds: v.openType === 2 ? (v.deptIds ?? []) : [],
      userIds: v.openType === 3 ? (v.userIds ?? []) : [],
      pinned: v.pinned ?? false,
      fileIds: (v.files ?? []).flatMap((f) => (f.status === 'done' && f.response?.id ? [f.response.id] : [])),
    };
    setSaving(true);
    let saved = '';
    const ok = await attempt(async () => {
      saved = (await noticeApi.save(body)).id;
    });
    setSaving(false);
    if (!ok) return;
    message.success('保存成功');
    onSaved(saved, publish);
  };

  return (
    <Modal
      title={id ? '编辑公告' : '新建公告'}
      open={open}
      onCancel={onClose}
      width={820}
      forceRender
      destroyOnHidden={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="draft" loading={saving} onClick={() => submit(false)}>
          保存
        </Button>,
        <Button key="publish" type="primary" loading={saving} onClick={() => submit(true)}>
          保存并发布
        </Button>,
      ]}
    >
      <Spin spinning={loading}>
        <Form
          name="noticeForm"
          form={form}
          labelCol={{ span: 3 }}
          wrapperCol={{ span: 20 }}
          initialValues={{ openType: 1, pinned: false }}
        >
          <Form.Item label="标题" name="title" required rules={[zodRule(ZNoticeSaveSchema.shape.title)]}>
            <Input placeholder="请输入公告标题" maxLength={100} showCount />
          </Form.Item>
          <Form.Item label="内容" name="content" required rules={[required('请输入公告内容')]}>
            <RichTextEditor minHeight={200} testId="notice-content" />
          </Form.Item>
          <Form.Item label="发布范围" name="openType">
            <Radio.Group options={OPEN_TYPES} optionType="button" buttonStyle="solid" />
          </Form.Item>
          {openType === 2 && (
            <Form.Item
              label="部门"
              name="deptIds"
              rules={[required('请选择指定部门')]}
              extra="所选部门及其下级部门的全部人员"
            >
              <TreeSelect {...deptSelectProps(depts.data, true)} />
            </Form.Item>
          )}
          {openType === 3 && (
            <Form.Item label="人员" name="userIds" rules={[required('请选择指定人员')]}>
              <UserSearchSelect />
            </Form.Item>
          )}
          <Form.Item label="置顶" name="pinned" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            label="附件"
            name="files"
            valuePropName="fileList"
            getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
            extra="最多20个附件"
          >
            <Upload
              maxCount={20}
              customRequest={({ file, onSuccess, onError }) => {
                noticeApi
                  .uploadAttachment(file as File)
                  .then((res) => onSuccess?.(res))
                  .catch((err) => onError?.(err));
              }}
            >
              <Button icon={<UploadOutlined />}>上传附件</Button>
            </Upload>
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
