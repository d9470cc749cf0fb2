/** Search over route titles (Fuse, SPEC 2); choosing a result opens the page. */
import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { createRouteSearch, searchableRoutes } from '../../router/route-search';
import { useUserStore } from '../../stores/user';

export default function HeaderSearch() {
  const routes = useUserStore((s) => s.routes);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const search = useMemo(() => createRouteSearch(searchableRoutes(routes)), [routes]);
  const options = useMemo(
    () => search(query).map((item) => ({ value: item.path, label: item.title.join(' > ') })),
    [search, query],
  );
  return (
    <Select
      className="header-search"
      data-testid="header-search"
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> 搜索菜单
        </span>
      }
      style={{ width: 200 }}
      options={options}
      notFoundContent={query ? '没有匹配的菜单' : null}
      onChange={(path: string) => {
        setQuery('');
        navigate(path);
      }}
      variant="filled"
    />
  );
}
