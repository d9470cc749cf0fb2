/** A multiple select of users searched on the server by name, real name or mobile. */
import type { TUserRecord } from '@exam/contracts';
import { sysUserPaging } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';

export default function UserSearchSelect({
  value,
  onChange,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [known, setKnown] = useState<Map<string, TUserRecord>>(new Map());
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useQuery({
    queryKey: ['sys-user-search', keyword],
    queryFn: () => call(sysUserPaging, { current: 1, size: 20, params: { keyword: keyword || null } }),
  });
  useEffect(() => {
    if (!users.data) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const u of users.data.records) next.set(u.id, u);
      return next;
    });
  }, [users.data]);

  const label = (u: TUserRecord) => `${u.realName}（${u.userName}）${u.deptName ? ` - ${u.deptName}` : ''}`;
  const shown = new Map<string, TUserRecord>();
  for (const id of value ?? []) {
    const u = known.get(id);
    if (u) shown.set(id, u);
  }
  for (const u of users.data?.records ?? []) shown.set(u.id, u);

  return (
    <Select
      mode="multiple"
      placeholder="输入用户名、姓名或手机号搜索"
      value={value}
      onChange={onChange}
      showSearch={{ onSearch: setTyped, filterOption: false }}
      notFoundContent={users.isFetching ? <Spin size="small" /> : '没有找到用户'}
      options={[...shown.values()].map((u) => ({ value: u.id, label: label(u) }))}
      onBlur={() => setTyped('')}
    />
  );
}
