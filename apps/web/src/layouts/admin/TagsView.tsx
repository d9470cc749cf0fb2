/** The tag bar: visited pages, affix pages kept, right-click menu 刷新 / 关闭当前 / 关闭其他 / 关闭所有. */
import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ADMIN_HOME } from '../../router/guard-decision';
import { flattenMenus } from '../../router/menu-routes';
import { findRoute } from '../../router/route-meta';
import { type TagView, useTagsViewStore } from '../../stores/tags-view';
import { useUserStore } from '../../stores/user';

export const TAG_ACTIONS = { refresh: '刷新', close: '关闭当前', others: '关闭其他', all: '关闭所有' } as const;

export default function TagsView() {
  const location = useLocation();
  const navigate = useNavigate();
  const routes = useUserStore((s) => s.routes);
  const flat = useMemo(() => flattenMenus(routes), [routes]);
  const { visited, addView, delView, delCached, delOthers, delAll } = useTagsViewStore();

  // Affix pages first, once the menus are known.
  useEffect(() => {
    for (const r of flat) {
      if (r.meta.affix && r.component) addView({ path: r.path, fullPath: r.path, title: r.meta.title, affix: true });
    }
  }, [flat, addView]);

  useEffect(() => {
    const { pathname, search } = location;
    if (pathname.startsWith('/redirect/')) return;
    const route = findRoute(pathname, flat);
    if (!route) return;
    addView({
      path: pathname,
      fullPath: pathname + search,
      title: route.meta.title,
      affix: route.meta.affix ?? undefined,
      noCache: route.meta.noCache ?? undefined,
    });
  }, [location, flat, addView]);

  const isActive = (tag: TagView) => tag.path === location.pathname || `/redirect${tag.path}` === location.pathname;

  const toLast = (remaining: TagView[]) => {
    const last = remaining[remaining.length - 1];
    navigate(last ? last.fullPath : ADMIN_HOME);
  };

  const close = (tag: TagView) => {
    if (tag.affix) return;
    delView(tag.path);
    if (isActive(tag)) toLast(visited.filter((v) => v.path !== tag.path));
  };

  const onAction = (tag: TagView, action: keyof typeof TAG_ACTIONS) => {
    switch (action) {
      case 'refresh':
        delCached(tag.path);
        navigate(`/redirect${tag.fullPath}`, { replace: true });
        break;
      case 'close':
        close(tag);
        break;
      case 'others':
        delOthers(tag.path);
        if (!isActive(tag)) navigate(tag.fullPath);
        break;
      case 'all': {
        delAll();
        const affix = visited.filter((v) => v.affix);
        if (!affix.some(isActive)) toLast(affix);
        break;
      }
    }
  };

  return (
    <div className="tags-bar" data-testid="tags-bar">
      {visited.map((tag) => (
        <Dropdown
          key={tag.path}
          trigger={['contextMenu']}
          menu={{
            items: (Object.keys(TAG_ACTIONS) as (keyof typeof TAG_ACTIONS)[])
              .filter((k) => k !== 'close' || !tag.affix)
              .map((k) => ({ key: k, label: TAG_ACTIONS[k] })),
            onClick: ({ key }) => onAction(tag, key as keyof typeof TAG_ACTIONS),
          }}
        >
          <button
            type="button"
            className={`tags-bar__item${isActive(tag) ? ' tags-bar__item--active' : ''}`}
            data-testid="tag"
            data-path={tag.path}
            onClick={() => navigate(tag.fullPath)}
            onMouseUp={(e) => {
              if (e.button === 1) close(tag);
            }}
          >
            {tag.title}
            {!tag.affix && (
              <CloseOutlined
                className="tags-bar__close"
                aria-label="关闭"
                onClick={(e) => {
                  e.stopPropagation();
                  close(tag);
                }}
              />
            )}
          </button>
        </Dropdown>
      ))}
    </div>
  );
}
