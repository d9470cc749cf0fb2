/** Create or edit a dictionary: code, name, remark. */
import { sysDicSave, type TDic, ZDicSaveSchema } from '@exam/contracts';
import { Form, Input, Modal } from 'antd';
import { call } from '../../../../api/call';
import { useModalForm } from '../../../../components/useModalForm';
import { zodRule } from '../shared';

const fields = ZDicSaveSchema.shape;

export default function DicFormModal({
  open,
  dic,
  onClose,
  onSaved,
}: {
  open: boolean;
  dic: TDic | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, saving, submit } = useModalForm<{ code: string; title: string; remark?: string }>({
    open,
    source: dic,
    initial: () => (dic ? { code: dic.code, title: dic.title, remark: dic.remark ?? undefined } : undefined),
    save: (values) => call(sysDicSave, { ...values, id: dic?.id, remark: values.remark || null }),
    onSaved,
    onClose,
  });

  return (
    <Modal
      title={dic ? '编辑字典' : '新增字典'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      forceRender
    >
      <Form name="dicForm" form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="字典名称" name="title" required rules={[zodRule(fields.title)]}>
          <Input placeholder="如 题库分类" />
        </Form.Item>
        <Form.Item label="字典编码" name="code" required rules={[zodRule(fields.code)]}>
          <Input placeholder="以字母开头，如 repo_catalog" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[zodRule(fields.remark)]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
