/**
 * 收藏 and 笔记 of one question, for the places a learner meets questions outside an
 * exam: a star that favourites or un-favourites, and a button opening the note dialog. The state
 * shown is always the server's answer: nothing reads as saved before the server holds it.
 */
import { EditOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  NOTE_MAX_LENGTH,
  type TFavState,
  trainFavDetail,
  trainFavSave,
  trainNoteDelete,
  trainNoteSave,
} from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { call } from '../../api/call';

interface Props {
  quId: string;
  size?: 'small' | 'middle';
  /** The state already in hand (the view of a favourite answers it), so no second request. */
  initial?: TFavState;
  /** Called after a change the server accepted (the lists refresh). */
  onChange?: (state: TFavState) => void;
}

export const favKey = (quId: string) => ['fav-state', quId];

export default function FavNoteButtons({ quId, size = 'small', initial, onChange }: Props) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const state = useQuery({
    queryKey: favKey(quId),
    queryFn: () => call(trainFavDetail, { quId }),
    initialData: initial,
    // A state handed in is fresh: no request per question of a long screen.
    staleTime: initial ? 60_000 : 0,
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const fav = state.data?.fav ?? false;
  const hasNote = Boolean(state.data?.note);

  const apply = (next: TFavState, text: string) => {
    client.setQueryData(favKey(quId), next);
    void client.invalidateQueries({ queryKey: ['fav-list'] });
    message.success(text);
    onChange?.(next);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // the client showed the server's message; the state stays as the server last answered
    } finally {
      setBusy(false);
    }
  };
  const toggle = () =>
    run(async () =>
      apply(await call(trainFavSave, { quId, fav: !fav }), fav ? '已取消收藏' : '已收藏，可在个人中心“我的收藏”查看'),
    );
  const saveNote = () =>
    run(async () => {
      apply(await call(trainNoteSave, { quId, note: editing ?? '' }), '笔记已保存');
      setEditing(null);
    });
  const deleteNote = () =>
    run(async () => {
      apply(await call(trainNoteDelete, { quId }), '笔记已删除');
      setEditing(null);
    });

  return (
    <>
      <Space size={4} wrap className="fav-note-buttons">
        <Button
          size={size}
          icon={fav ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          loading={busy && editing === null}
          disabled={state.isLoading || state.isError}
          onClick={toggle}
          aria-pressed={fav}
          data-testid="fav-toggle"
        >
          {fav ? '已收藏' : '收藏'}
        </Button>
        <Button
          size={size}
          icon={<EditOutlined />}
          disabled={state.isLoading || state.isError}
          onClick={() => setEditing(state.data?.note ?? '')}
          data-testid="note-open"
        >
          {hasNote ? '我的笔记' : '记笔记'}
        </Button>
      </Space>
      <Modal
        title="我的笔记"
        open={editing !== null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        footer={
          <Space wrap>
            {hasNote && (
              <Popconfirm title="确定删除这条笔记吗？" onConfirm={deleteNote}>
                <Button danger disabled={busy} data-testid="note-delete">
                  删除笔记
                </Button>
              </Popconfirm>
            )}
            <Button onClick={() => setEditing(null)}>取消</Button>
            <Button
              type="primary"
              loading={busy}
              disabled={!editing?.trim()}
              onClick={saveNote}
              data-testid="note-save"
            >
              保存笔记
            </Button>
          </Space>
        }
      >
        <Input.TextArea
          value={editing ?? ''}
          onChange={(e) => setEditing(e.target.value)}
          maxLength={NOTE_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 4, maxRows: 12 }}
          placeholder="写下这道题的要点、易错处……（仅自己可见）"
          data-testid="note-text"
        />
      </Modal>
    </>
  );
}
