/**
 * The create/edit dialog of the admin lists: when it opens, the form is reset and filled from the
 * record being edited; 确定 validates, saves (the request layer shows a refusal), says 保存成功,
 * refreshes the list and closes. One place for what each dialog used to write again.
 */
import { App, Form, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';

export interface ModalFormOptions<V> {
  open: boolean;
  /** The record (or editing state) the dialog shows; a new one fills the form again. */
  source: unknown;
  /** The values to show when the dialog opens; nothing for a new record. */
  initial: () => Partial<V> | undefined;
  /** Saves; answering `false` means it refused on its own (it set the field errors), nothing is said. */
  save: (values: V, form: FormInstance<V>) => Promise<unknown>;
  successMsg?: string;
  onSaved: () => void;
  onClose: () => void;
}

export function useModalForm<V extends object>(options: ModalFormOptions<V>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  const { open, source } = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `source` is the trigger; `initial` is read through the ref
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const values = latest.current.initial();
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, source, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const { save, successMsg, onSaved, onClose } = latest.current;
    setSaving(true);
    let saved = false;
    try {
      saved = (await save(values, form)) !== false;
    } catch {
      saved = false; // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
    if (!saved) return;
    message.success(successMsg ?? '保存成功');
    onSaved();
    onClose();
  };

  return { form, saving, submit };
}
