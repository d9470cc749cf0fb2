/** Compose or edit a notice: title, rich text, audience (everyone / departments / people), pin, attachments. */
import { UploadOutlined } from '@ant-design/icons';
import { noticeDetail, noticeSave, type TNoticeSave, ZNoticeSaveSchema } from '@exam/contracts';
import { Button, Form, Input, Modal, Spin, Switch, Upload, type UploadFile } from 'antd';
import { call } from '../../../api/call';
import { noticeApi } from '../../../api/notice';
import RichTextEditor from '../../../components/question/RichTextEditor';
import { useModalForm } from '../../../components/useModalForm';
import { required, zodRule } from '../sys/shared';
import AudienceFields from './AudienceFields';

type FormValues = Omit<TNoticeSave, 'fileIds'> & { files?: UploadFile[] };

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
  const { form, saving, loading, submit } = useModalForm<FormValues, string, boolean>({
    open,
    source: id,
    initial: () =>
      id
        ? call(noticeDetail, { id }).then((d) => ({
            title: d.title,
            content: d.content,
            openType: d.openType as 1 | 2 | 3,
            deptIds: d.deptIds,
            userIds: d.userIds,
            pinned: d.pinned,
            files: d.attachments.map(
              (a): UploadFile => ({ uid: a.id, name: a.name, status: 'done', url: a.url, response: a }),
            ),
          }))
        : undefined,
    save: async (v) => {
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
      return (await call(noticeSave, body)).id;
    },
    // submit(true) is 保存并发布: the list then opens the publish dialog.
    onSaved: (saved, publish) => onSaved(saved, publish === true),
    onClose,
  });
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
          <AudienceFields label="发布范围" deptExtra="所选部门及其下级部门的全部人员" />
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
