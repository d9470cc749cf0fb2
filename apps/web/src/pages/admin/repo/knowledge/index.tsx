/**
 * 知识点: the site's knowledge point tree. Select a point to add a child, rename, move it (not
 * below itself), merge it into another (its questions and children go there) or delete it (its
 * questions are kept and lose only this point; its children move up one level).
 */
import { DeleteOutlined, EditOutlined, MergeCellsOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import {
  repoKnowledgeDelete,
  repoKnowledgeMerge,
  repoKnowledgeMove,
  repoKnowledgeSave,
  type TKpNode,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Input, Modal, message, Popconfirm, Space, Tree, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import { PageContainer, Permission } from '../../../../components';
import {
  KP_TREE_KEY,
  type KpTreeNode,
  kpSelectData,
  nestPoints,
  useKnowledgeTree,
} from '../../../../components/question/knowledge';

type Dialog = { kind: 'create' | 'rename' } | { kind: 'move' | 'merge' } | null;

interface AntNode {
  key: string;
  title: React.ReactNode;
  children?: AntNode[];
}

const antTree = (nodes: KpTreeNode[]): AntNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span data-testid={`kp-node-${n.title}`}>
        {n.title} <span style={{ color: '#999' }}>（{n.totalCount}）</span>
      </span>
    ),
    ...(n.children?.length ? { children: antTree(n.children) } : {}),
  }));

/** Points outside the subtree of `id` (a move or merge target). */
const without = (nodes: KpTreeNode[], id: string): KpTreeNode[] =>
  nodes.filter((n) => n.id !== id).map((n) => ({ ...n, children: n.children && without(n.children, id) }));

export default function KnowledgePage() {
  const tree = useKnowledgeTree();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [title, setTitle] = useState('');
  const [target, setTarget] = useState<string | undefined>();
  const [rootCreate, setRootCreate] = useState(false);
  const nested = useMemo(() => nestPoints(tree.data ?? []), [tree.data]);
  const point: TKpNode | undefined = tree.data?.find((n) => n.id === selected);
  const refresh = () => client.invalidateQueries({ queryKey: KP_TREE_KEY });

  const open = (d: Dialog, root = false) => {
    setRootCreate(root);
    setTitle(d?.kind === 'rename' ? (point?.title ?? '') : '');
    setTarget(undefined);
    setDialog(d);
  };
  const submit = async () => {
    if (!dialog) return;
    if (dialog.kind === 'create') {
      const res = await call(repoKnowledgeSave, { title, parentId: rootCreate ? null : selected });
      setSelected(res.id);
      message.success('已新建');
    } else if (dialog.kind === 'rename' && point) {
      await call(repoKnowledgeSave, { id: point.id, title });
      message.success('已改名');
    } else if (dialog.kind === 'move' && point) {
      await call(repoKnowledgeMove, { id: point.id, parentId: target === ROOT ? null : (target ?? null) });
      message.success('已移动');
    } else if (dialog.kind === 'merge' && point && target) {
      const res = await call(repoKnowledgeMerge, { id: point.id, intoId: target });
      setSelected(target);
      message.success(`已合并，${res.moved} 道试题改标到目标知识点`);
    }
    setDialog(null);
    await refresh();
  };
  const remove = async () => {
    if (!point) return;
    const res = await call(repoKnowledgeDelete, { id: point.id });
    message.success(`已删除：${res.untagged} 道试题去掉了该知识点（试题保留），${res.lifted} 个下级上移一级`);
    setSelected(null);
    await refresh();
  };

  const targets = point ? kpSelectData(without(nested, point.id), 'id') : [];
  const okDisabled =
    dialog?.kind === 'create' || dialog?.kind === 'rename' ? !title.trim() : dialog?.kind === 'merge' ? !target : false;

  return (
    <PageContainer title="知识点">
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Card
          size="small"
          title="知识点树"
          style={{ flex: '1 1 420px', minWidth: 300 }}
          extra={
            <Permission tag="repo:kp:save">
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => open({ kind: 'create' }, true)}
                data-testid="kp-add-root"
              >
                新建根知识点
              </Button>
            </Permission>
          }
        >
          {nested.length ? (
            <Tree<AntNode>
              blockNode
              defaultExpandAll
              key={tree.dataUpdatedAt}
              treeData={antTree(nested)}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected((keys[0] as string) ?? null)}
            />
          ) : (
            <Empty description={tree.isLoading ? '加载中' : '还没有知识点'} />
          )}
        </Card>
        <Card size="small" title="选中的知识点" style={{ flex: '1 1 380px', minWidth: 300 }}>
          {point ? (
            <>
              <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
                <Descriptions.Item label="路径">
                  <span data-testid="kp-path">{point.path}</span>
                </Descriptions.Item>
                <Descriptions.Item label="直接标注的试题">{point.quCount}</Descriptions.Item>
                <Descriptions.Item label="含下级的试题">
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() => navigate(`/admin/repo/qu?kpId=${point.id}`)}
                  >
                    {point.totalCount}
                  </Button>
                </Descriptions.Item>
              </Descriptions>
              <Space wrap>
                <Permission tag="repo:kp:save">
                  <Button icon={<PlusOutlined />} onClick={() => open({ kind: 'create' })} data-testid="kp-add-child">
                    新建下级
                  </Button>
                  <Button icon={<EditOutlined />} onClick={() => open({ kind: 'rename' })} data-testid="kp-rename">
                    改名
                  </Button>
                  <Button icon={<SwapOutlined />} onClick={() => open({ kind: 'move' })} data-testid="kp-move">
                    移动
                  </Button>
                  <Button icon={<MergeCellsOutlined />} onClick={() => open({ kind: 'merge' })} data-testid="kp-merge">
                    合并到…
                  </Button>
                </Permission>
                <Permission tag="repo:kp:delete">
                  <Popconfirm
                    title="删除这个知识点？"
                    description="试题保留，只去掉这个知识点；下级知识点上移一级。"
                    onConfirm={remove}
                  >
                    <Button danger icon={<DeleteOutlined />} data-testid="kp-delete">
                      删除
                    </Button>
                  </Popconfirm>
                </Permission>
              </Space>
            </>
          ) : (
            <Empty description="在左侧选择一个知识点" />
          )}
        </Card>
      </div>
      <Modal
        title={
          dialog?.kind === 'create'
            ? rootCreate || !point
              ? '新建根知识点'
              : `在「${point.title}」下新建`
            : dialog?.kind === 'rename'
              ? '改名'
              : dialog?.kind === 'move'
                ? `移动「${point?.title}」到`
                : `把「${point?.title}」合并到`
        }
        open={Boolean(dialog)}
        onCancel={() => setDialog(null)}
        onOk={submit}
        okButtonProps={{ disabled: okDisabled, 'data-testid': 'kp-ok' } as never}
        destroyOnHidden
      >
        {dialog?.kind === 'create' || dialog?.kind === 'rename' ? (
          <Input
            autoFocus
            value={title}
            maxLength={30}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="知识点名称（不含“/”）"
            data-testid="kp-title"
            onPressEnter={() => !okDisabled && submit()}
          />
        ) : (
          <>
            <TreeSelect
              style={{ width: '100%' }}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              value={target}
              onChange={setTarget}
              placeholder={dialog?.kind === 'move' ? '新的上级（不选则移为根）' : '目标知识点'}
              treeData={
                dialog?.kind === 'move' ? [{ title: '（作为根知识点）', value: ROOT, key: ROOT }, ...targets] : targets
              }
              data-testid="kp-target"
            />
            {dialog?.kind === 'merge' && (
              <p style={{ marginTop: 12, color: '#666' }}>
                合并后，「{point?.title}
                」的试题改标到目标知识点，它的下级移到目标之下（同名的下级再合并），它本身被删除。
              </p>
            )}
          </>
        )}
      </Modal>
    </PageContainer>
  );
}

const ROOT = '__root__';
