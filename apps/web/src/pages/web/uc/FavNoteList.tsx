/**
 * 我的收藏 / 我的笔记 of the user centre: the learner's favourite or noted questions,
 * paged by the server and searchable in the stem and the note. 查看 opens the question with its
 * answer and analysis where the server allows them (never while it is in an open paper).
 */
import { DeleteOutlined, EyeOutlined, StarFilled } from '@ant-design/icons';
import { QUESTION_TYPE_LABELS, type TFavRecord, trainFavSave, trainFavView, trainNoteDelete } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, List, Modal, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/call';
import { type FavList, favApi } from '../../../api/fav';
import FavNoteButtons from '../../../components/fav/FavNoteButtons';
import LoadFailed from '../../../components/LoadFailed';
import QuestionPreview from '../../../components/question/QuestionPreview';
import { Text } from '../../../components/text';
import { formatMinute } from '../../../utils/date-format';

const PAGE_SIZE = 10;
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export default function FavNoteList({ list }: { list: FavList }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const page = useQuery({
    queryKey: ['fav-list', list, keyword, current],
    queryFn: () => favApi.paging(list, current, PAGE_SIZE, keyword),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['fav-list'] });
  const remove = async (r: TFavRecord) => {
    try {
      if (list === 'fav') await call(trainFavSave, { quId: r.quId, fav: false });
      else await call(trainNoteDelete, { quId: r.quId });
      message.success(list === 'fav' ? '已取消收藏' : '笔记已删除');
      void client.invalidateQueries({ queryKey: ['fav-state', r.quId] });
      // The last row of a later page gone: step back a page rather than show an empty one.
      if (page.data?.records.length === 1 && current > 1) setCurrent(current - 1);
      await refresh();
    } catch {
      // the client showed the server's message
    }
  };
  const what = list === 'fav' ? '收藏' : '笔记';

  return (
    <div data-testid={`${list}-list`}>
      <Input.Search
        allowClear
        placeholder="搜索题干或笔记"
        onSearch={(v) => {
          setKeyword(v.trim());
          setCurrent(1);
        }}
        style={{ maxWidth: 360, marginBottom: 12 }}
        data-testid={`${list}-search`}
      />
      <List
        itemLayout="vertical"
        loading={page.isLoading}
        dataSource={page.data?.records ?? []}
        locale={{
          emptyText: page.isError ? (
            <LoadFailed error={page.error} onRetry={() => void page.refetch()} />
          ) : (
            <Empty description={keyword ? `没有找到相关的${what}` : `暂无${what}`} />
          ),
        }}
        pagination={
          (page.data?.total ?? 0) > PAGE_SIZE
            ? {
                current,
                pageSize: PAGE_SIZE,
                total: page.data?.total ?? 0,
                onChange: setCurrent,
                size: 'small',
                showSizeChanger: false,
                showTotal: (total) => `共 ${total} 条`,
              }
            : false
        }
        renderItem={(r) => (
          <List.Item
            data-testid={`${list}-item`}
            actions={[
              <Button key="v" size="small" icon={<EyeOutlined />} onClick={() => setOpened(r.quId)}>
                查看
              </Button>,
              <Popconfirm
                key="d"
                title={list === 'fav' ? '确定取消收藏吗？' : '确定删除这条笔记吗？'}
                onConfirm={() => remove(r)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} data-testid={`${list}-remove`}>
                  {list === 'fav' ? '取消收藏' : '删除'}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={6} wrap style={{ fontWeight: 'normal' }}>
                  <Tag color="blue">{QUESTION_TYPE_LABELS[r.type] ?? '试题'}</Tag>
                  {list === 'note' && r.fav && <StarFilled style={{ color: '#faad14' }} aria-label="已收藏" />}
                  <span className="fav-stem" style={{ wordBreak: 'break-word' }}>
                    {plain(r.content) || '（图片或公式题干）'}
                  </span>
                </Space>
              }
              description={
                <>
                  {r.note && (
                    <div
                      data-testid="fav-note-text"
                      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: 'rgba(0,0,0,0.75)' }}
                    >
                      笔记：{r.note}
                    </div>
                  )}
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    {list === 'fav' ? `收藏于 ${formatMinute(r.favAt)}` : `记于 ${formatMinute(r.noteAt)}`}
                  </Text>
                </>
              }
            />
          </List.Item>
        )}
      />
      <FavView quId={opened} onClose={() => setOpened(null)} onChange={() => void refresh()} />
    </div>
  );
}

/** One favourite or noted question with its answer where allowed, and its star and note. */
function FavView({ quId, onClose, onChange }: { quId: string | null; onClose: () => void; onChange: () => void }) {
  const view = useQuery({
    queryKey: ['fav-view', quId],
    queryFn: () => call(trainFavView, { quId: quId as string }),
    enabled: Boolean(quId),
    retry: false,
    gcTime: 0,
  });
  return (
    <Modal title="试题详情" open={Boolean(quId)} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {view.isLoading ? (
        <Skeleton active />
      ) : view.isError || !view.data ? (
        <LoadFailed error={view.error} onRetry={() => void view.refetch()} />
      ) : (
        <div data-testid="fav-view">
          {!view.data.answerVisible && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message="该题暂不能查看答案与解析（题目在进行中的考试里，或考试尚未公布答案）。"
            />
          )}
          <div className="qu-preview">
            <QuestionPreview question={view.data.question} showAnswer={view.data.answerVisible} />
          </div>
          <div style={{ marginTop: 12 }}>
            <FavNoteButtons quId={view.data.state.quId} initial={view.data.state} size="middle" onChange={onChange} />
          </div>
        </div>
      )}
    </Modal>
  );
}
