/**
 * 所属题库 of the question editor: several banks, found by typing part of a bank's name (antd
 * filters on the option's value, the id, unless told to use the label).
 */
import { Select } from 'antd';

interface Props {
  id?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  repos: Array<{ id: string; title: string }>;
}

export default function RepoSelect({ id, value, onChange, repos }: Props) {
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      placeholder="选择一个或多个题库"
      showSearch={{ optionFilterProp: 'label' }}
      options={repos.map((r) => ({ value: r.id, label: r.title }))}
      data-testid="qu-repos"
    />
  );
}
