/** 部门管理: the department tree, draggable to sort or move; add child, edit and delete (with the server's refusals shown). */
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TDeptNode } from '@exam/contracts';
import { sysDepartDelete, sysDepartSort } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Spin, Tree, type TreeProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../../../api/call';
import { PageContainer, TableActions, usePermission } from '../../../../components';
import { allKeys, attempt, confirmDelete, useDeptTree } from '../shared';
import DeptFormModal, { type DeptEditing } from './DeptFormModal';

const ROW_STYLE = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 } as const;

type DropInfo = Parameters<NonNullable<TreeProps['onDrop']>>[0];

interface Node {
  key: string;
  title: string;
  dept: TDeptNode;
  children?: Node[];
}

const toNodes = (list: TDeptNode[] | undefined): Node[] =>
  (list ?? []).map((d) => ({
    key: d.id,
    title: d.name,
    dept: d,
    ...(d.children?.length ? { children: toNodes(d.children) } : {}),
  }));

/** Where a drop puts the dragged department: its new parent and the new order of that parent's children. */
function placeAfterDrop(tree: TDeptNode[], info: DropInfo): { parentId: string | null; siblings: TDeptNode[] } | null {
  const dragId = String(info.dragNode.key);
  const dropId = String(info.node.key);
  let dragged: TDeptNode | undefined;
  const strip = (list: TDeptNode[]): TDeptNode[] =>
    list
      .filter((d) => {
        if (d.id === dragId) dragged = d;
        return d.id !== dragId;
      })
      .map((d) => ({ ...d, children: d.children ? strip(d.children) : undefined }));
  const rest = strip(tree);
  if (!dragged) return null;
  const find = (list: TDeptNode[], parentId: string | null): { list: TDeptNode[]; parentId: string | null } | null => {
    for (const d of list) {
      if (d.id === dropId) return { list, parentId };
      const hit = find(d.children ?? [], d.id);
      if (hit) return hit;
    }
    return null;
  };
  const at = find(rest, null);
  if (!at) return null;
  const target = at.list.find((d) => d.id === dropId) as TDeptNode;
  if (!info.dropToGap) return { parentId: target.id, siblings: [dragged, ...(target.children ?? [])] };
  const pos = info.node.pos.split('-');
  const relative = info.dropPosition - Number(pos[pos.length - 1]);
  const index = at.list.indexOf(target) + (relative === -1 ? 0 : 1);
  const siblings = [...at.list];
  siblings.splice(index, 0, dragged);
  return { parentId: at.parentId, siblings };
}

export default function SysDepartPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canSave = usePermission('sys:depart:save');
  const canDelete = usePermission('sys:depart:delete');
  const depts = useDeptTree();
  const nodes = useMemo(() => toNodes(depts.data), [depts.data]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<DeptEditing | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['sys-dept-tree'] });

  const onDrop = async (info: DropInfo) => {
    const placed = placeAfterDrop(depts.data ?? [], info);
    if (!placed) return;
    const list = placed.siblings.map((d, i) => ({ id: d.id, parentId: placed.parentId, sort: i + 1 }));
    if (await attempt(() => call(sysDepartSort, { list }))) message.success('部门顺序已保存');
    await reload();
  };

  const remove = (dept: TDeptNode) =>
    confirmDelete(modal, async () => {
      await call(sysDepartDelete, { ids: [dept.id] });
      message.success('删除成功');
      await reload();
    });

  return (
    <PageContainer
      title="部门管理"
      extra={
        <>
          {canSave && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ parentId: null, parentName: null })}
            >
              新增顶级部门
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => reload()}>
            刷新
          </Button>
        </>
      }
    >
      {canSave && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="拖动部门可调整顺序或移动到其他部门下；有下级部门或用户的部门不能删除。"
        />
      )}
      <Spin spinning={depts.isFetching}>
        {nodes.length === 0 && !depts.isLoading ? (
          <Empty description="暂无部门" />
        ) : (
          <Tree<Node>
            className="dept-tree"
            blockNode
            draggable={canSave ? { icon: false } : false}
            treeData={nodes}
            expandedKeys={expanded ?? allKeys(depts.data)}
            onExpand={(keys) => setExpanded(keys as string[])}
            onDrop={onDrop}
            titleRender={(node) => (
              <div style={ROW_STYLE} data-testid={`dept-${node.dept.name}`}>
                <span>
                  {node.dept.name}
                  <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                    {node.dept.code}
                  </Typography.Text>
                </span>
                <TableActions>
                  {canSave && (
                    <Button
                      type="link"
                      size="small"
                      icon={<PlusOutlined />}
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing({ parentId: node.dept.id, parentName: node.dept.name });
                      }}
                    >
                      添加下级
                    </Button>
                  )}
                  {canSave && (
                    <Button
                      type="link"
                      size="small"
                      icon={<EditOutlined />}
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing({ dept: node.dept, parentId: node.dept.parentId, parentName: null });
                      }}
                    >
                      编辑
                    </Button>
                  )}
                  {canDelete && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={(e) => {
                        e.stopPropagation();
                        remove(node.dept);
                      }}
                    >
                      删除
                    </Button>
                  )}
                </TableActions>
              </div>
            )}
          />
        )}
      </Spin>
      <DeptFormModal editing={editing} onClose={() => setEditing(null)} onSaved={reload} />
    </PageContainer>
  );
}
