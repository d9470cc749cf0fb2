/**
 * A tree-select of knowledge points: several by path (a question's points, as saved) or one by id
 * (the question list's filter, which includes the point's descendants).
 */
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { kpSelectData, nestPoints, useKnowledgeTree } from './knowledge';

type Props =
  | { multiple: true; value?: string[]; onChange?: (v: string[]) => void; id?: string; placeholder?: string }
  | { multiple?: false; value?: string; onChange?: (v: string | undefined) => void; id?: string; placeholder?: string };

export default function KnowledgeSelect(props: Props) {
  const tree = useKnowledgeTree();
  const data = useMemo(
    () => kpSelectData(nestPoints(tree.data ?? []), props.multiple ? 'path' : 'id'),
    [tree.data, props.multiple],
  );
  return (
    <TreeSelect
      id={props.id}
      data-testid={props.multiple ? 'qu-kp-select' : 'filter-kp'}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      multiple={props.multiple}
      loading={tree.isLoading}
      treeData={data}
      value={props.value as never}
      onChange={props.onChange as never}
      placeholder={props.placeholder ?? '知识点'}
      style={{ width: props.multiple ? '100%' : 160 }}
      popupMatchSelectWidth={props.multiple ? true : 260}
    />
  );
}
