/**
 * The create/edit dialog of the admin lists: when it opens, the form is reset and filled from the
 * record being edited (at once, or once its detail has loaded); 确定 validates, saves (the request
 * layer shows a refusal), says 保存成功, refreshes the list and closes. One place for what each
 * dialog used to write again.
 */
import { App, Form, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';

export interface ModalFormOptions<V, R = unknown, I = unknown> {
  open: boolean;
  /** The record (or editing state) the dialog shows; a new one fills the form again. */
  source: unknown;
  /**
   * The values to show when the dialog opens; nothing for a new record. A promise (a record read by
   * id) shows `loading` until it answers; when it fails the dialog closes (the request layer said why).
   */
  initial: () => Partial<V> | undefined | Promise<Partial<V> | undefined>;
  /** Saves and answers what was saved; `false` means it refused on its own (it set the field errors), nothing is said. */
  save: (values: V, form: FormInstance<V>) => Promise<R | false>;
  /** 保存成功 unless told otherwise; a function words it from what was saved. */
  successMsg?: string | ((saved: R, values: V) => string);
  /** Told what was saved and the `intent` that `submit` was called with (e.g. 保存 or 保存并发布). */
  onSaved: (saved: R, intent: I | undefined) => void;
  onClose: () => void;
}

export function useModalForm<V extends object, R = unknown, I = unknown>(options: ModalFormOptions<V, R, I>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  const { open, source } = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `source` is the trigger; `initial` is read through the ref
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const fill = (values: Partial<V> | undefined) => {
      if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    };
    const values = latest.current.initial();
    if (!(values instanceof Promise)) {
      fill(values);
      return;
    }
    // A detail that answers after the dialog moved on (closed, or opened on another record) is dropped.
    let current = true;
    setLoading(true);
    values
      .then((loaded) => current && fill(loaded))
      .catch(() => current && latest.current.onClose())
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
      setLoading(false);
    };
  }, [open, source, form]);

  /** Validates, saves, says so, tells `onSaved` and closes; `intent` is handed to `onSaved`. */
  const submit = async (intent?: I) => {
    const values = await form.validateFields();
    const { save, successMsg, onSaved, onClose } = latest.current;
    setSaving(true);
    let saved: R | false = false;
    try {
      saved = await save(values, form);
    } catch {
      saved = false; // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
    if (saved === false) return;
    message.success(typeof successMsg === 'function' ? successMsg(saved, values) : (successMsg ?? '保存成功'));
    onSaved(saved, intent);
    onClose();
  };

  return { form, saving, loading, submit };
}
