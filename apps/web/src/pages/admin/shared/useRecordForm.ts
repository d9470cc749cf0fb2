/**
 * The window plumbing of an admin list's 新建/编辑 dialog for a record read and saved by id
 * (courses, live rooms), on both sides: the list holds which record the dialog shows and refreshes
 * after a save; the dialog reads the record when it opens, saves, and tells the list the saved id.
 * The form itself (reset, fill, validate, 保存成功, close) is useModalForm's.
 */
import { useCallback, useState } from 'react';
import { useModalForm } from '../../../components/useModalForm';

/** Which record the dialog shows: `undefined` closed, `null` a new one, else the record's id. */
export type RecordTarget = string | null | undefined;

/** What a list hands its record dialog. */
export interface RecordDialogProps {
  id: RecordTarget;
  onClose: () => void;
  onSaved: (id: string) => void;
}

/**
 * The list's side: `create()` opens the dialog on a new record, `edit(id)` on an existing one;
 * `afterSave` is told the saved id and whether it was new, once the dialog has closed itself.
 */
export function useRecordDialog(afterSave: (id: string, created: boolean) => void) {
  const [id, setId] = useState<RecordTarget>(undefined);
  // stable: the dialog's load effect must not run again on each render of the list
  const onClose = useCallback(() => setId(undefined), []);
  const dialog: RecordDialogProps = {
    id,
    onClose,
    onSaved: (saved) => {
      setId(undefined);
      afterSave(saved, id === null);
    },
  };
  return { create: () => setId(null), edit: (recordId: string) => setId(recordId), dialog };
}

/**
 * The dialog's side: `read` gives the form values of the record being edited (a failed read closes
 * the dialog), `save` stores the form's values with the record's id (none for a new one) and
 * answers the saved id. `modal` goes to EntityFormModal as it is.
 */
export function useRecordForm<V extends object>({
  id,
  onClose,
  onSaved,
  read,
  save,
}: RecordDialogProps & {
  read: (id: string) => Promise<Partial<V>>;
  save: (values: V, id: { id?: string }) => Promise<string>;
}) {
  const open = id !== undefined;
  const { form, saving, loading, submit } = useModalForm<V, string>({
    open,
    source: id,
    initial: () => (id ? read(id) : undefined),
    save: (values) => save(values, id ? { id } : {}),
    onSaved,
    onClose,
  });
  return {
    form,
    open,
    modal: { editing: Boolean(id), open, form, saving, loading, onSubmit: () => void submit(), onClose },
  };
}
