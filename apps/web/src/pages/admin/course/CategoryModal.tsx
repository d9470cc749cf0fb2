/** 课程分类: a sortable tree; add a category under another, rename, re-sort, delete an empty one. */
import type { TCourseCategory } from '@exam/contracts';
import { courseCategoryDelete, courseCategorySave, courseCategoryTree } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, InputNumber, Modal, Popconfirm, Tree, TreeSelect } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/call';
import { attempt } from '../sys/shared';

type Node = { key: string; c: TCourseCategory; children: Node[] };
const toNodes = (list: TCourseCategory[]): Node[] =>
  list.map((c) => ({ key: c.id, c, children: toNodes(c.children ?? []) }));

export default function CategoryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tree = useQuery({
    queryKey: ['course-categories'],
    queryFn: () => call(courseCategoryTree, {}),
    enabled: open,
  });
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState<string | null>(null);
  const [sort, setSort] = useState(0);
  const add = async () => {
    if (!name.trim()) return;
    if (await attempt(() => call(courseCategorySave, { name: name.trim(), parentId, sort }))) setName('');
    void tree.refetch();
  };
  return (
    <Modal title="课程分类" open={open} onCancel={onClose} footer={null}>
      <Tree
        defaultExpandAll
        treeData={toNodes(tree.data ?? [])}
        titleRender={(node) => {
          const n = (node as { c: TCourseCategory }).c;
          return (
            <Flex gap={8} align="center">
              <span>
                {n.name}（排序 {n.sort}）
              </span>
              <Popconfirm
                title="确定删除该分类吗？"
                onConfirm={() => attempt(() => call(courseCategoryDelete, { id: n.id })).then(() => tree.refetch())}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Flex>
          );
        }}
      />
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <TreeSelect
          allowClear
          placeholder="上级分类"
          style={{ minWidth: 140 }}
          treeData={tree.data ?? []}
          fieldNames={{ label: 'name', value: 'id', children: 'children' }}
          value={parentId}
          onChange={(v) => setParentId((v as string | undefined) ?? null)}
        />
        <Input
          placeholder="分类名称"
          value={name}
          onChange={(e) => setName(e.target.value)}
          style={{ width: 160 }}
          maxLength={50}
        />
        <InputNumber placeholder="排序" min={0} value={sort} onChange={(v) => setSort(v ?? 0)} />
        <Button type="primary" onClick={add}>
          添加
        </Button>
      </Flex>
    </Modal>
  );
}
