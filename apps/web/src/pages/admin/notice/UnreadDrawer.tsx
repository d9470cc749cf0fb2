/** Who in a notice's audience has not opened it yet (within the administrator's data scope). */
import type { TNoticeUnreadUser } from '@exam/contracts';
import { noticeListUnread } from '@exam/contracts';
import { Drawer, Input, Table } from 'antd';
import { call } from '../../../api/call';
import { useServerTable } from '../../../components';

function UnreadTable({ id }: { id: string }) {
  const table = useServerTable<TNoticeUnreadUser, { id: string; keyword?: string | null }>(
    ['notice-unread', id],
    (req) => call(noticeListUnread, req),
    { initialParams: { id } },
  );
  return (
    <>
      <Input.Search
        allowClear
        placeholder="用户名 / 姓名"
        style={{ width: 240, marginBottom: 12 }}
        onSearch={(v) => table.search({ id, keyword: v.trim() || null })}
      />
      <Table<TNoticeUnreadUser>
        {...table.tableProps}
        size="small"
        locale={{ emptyText: '全部人员均已阅读' }}
        columns={[
          { title: '用户名', dataIndex: 'userName' },
          { title: '姓名', dataIndex: 'realName' },
          { title: '部门', dataIndex: 'deptName', render: (v) => v || '—' },
        ]}
      />
    </>
  );
}

export default function UnreadDrawer({
  notice,
  onClose,
}: {
  notice: { id: string; title: string } | null;
  onClose: () => void;
}) {
  return (
    <Drawer title={notice ? `未读人员：${notice.title}` : ''} open={!!notice} onClose={onClose} size="large">
      {notice && <UnreadTable key={notice.id} id={notice.id} />}
    </Drawer>
  );
}
