/** 证书管理: issued certificates in the administrator's data scope: filter, preview, revoke, re-render, issue, export. */
import { DownloadOutlined, ExportOutlined, PlusOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import {
  CERT_STATUS_LABELS,
  certCertDownload,
  certCertExport,
  certCertPaging,
  certCertReissue,
  certCertRevoke,
  certTmplPaging,
  examExamPaging,
  sysDepartTree,
  type TCert,
  type TCertPagingParams,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, Select, Space, Table, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { call, callDownload } from '../../../../api/call';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { formatCertDate } from '../../../cert/format';
import IssueModal from './IssueModal';

const STATUS_COLOR = { valid: 'green', expired: 'orange', revoked: 'red' } as const;
const SOURCE = { exam: '考试', course: '课程', manual: '手动' } as const;

export default function CertListPage() {
  const { message, modal } = App.useApp();
  const canIssue = usePermission('cert:cert:issue');
  const canRevoke = usePermission('cert:cert:revoke');
  const canExport = usePermission('cert:cert:export');
  const table = useServerTable<TCert, TCertPagingParams>(['cert-list'], (req) => call(certCertPaging, req));
  const params = table.request.params;
  const [issuing, setIssuing] = useState(false);
  const tmpls = useQuery({
    queryKey: ['cert-tmpl-options'],
    queryFn: () => call(certTmplPaging, { current: 1, size: 200, params: {} }),
  });
  const exams = useQuery({
    queryKey: ['cert-exam-options'],
    queryFn: () => call(examExamPaging, { current: 1, size: 200, params: {} }),
  });
  const depts = useQuery({ queryKey: ['dept-tree'], queryFn: () => call(sysDepartTree, {}) });

  const revoke = (c: TCert) => {
    let reason = '';
    modal.confirm({
      title: `撤销证书 ${c.certNo}`,
      content: (
        <Input.TextArea
          rows={3}
          maxLength={200}
          placeholder="撤销原因（必填，公开验证时显示）"
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: '撤销',
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(certCertRevoke, { id: c.id, reason });
        message.success('已撤销');
        table.refresh();
      },
    });
  };
  const reissue = async (c: TCert) => {
    await call(certCertReissue, { id: c.id });
    message.success('已重新生成，下载时按当前模板出具');
  };

  return (
    <PageContainer
      title="证书管理"
      extra={
        <Space>
          {canExport && (
            <Button icon={<ExportOutlined />} onClick={() => callDownload(certCertExport, params, '证书列表.xlsx')}>
              导出
            </Button>
          )}
          {canIssue && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssuing(true)}>
              手动发放
            </Button>
          )}
        </Space>
      }
      search={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="姓名或证书编号"
            style={{ width: 200 }}
            onSearch={(v) => table.search({ ...params, keyword: v.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="模板"
            style={{ width: 160 }}
            options={(tmpls.data?.records ?? []).map((t) => ({ value: t.id, label: t.title }))}
            onChange={(tmplId) => table.search({ ...params, tmplId })}
          />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="考试"
            style={{ width: 160 }}
            options={(exams.data?.records ?? []).map((e) => ({ value: e.id, label: e.title }))}
            onChange={(examId) => table.search({ ...params, examId })}
          />
          <TreeSelect
            allowClear
            placeholder="部门"
            style={{ width: 160 }}
            treeData={depts.data ?? []}
            fieldNames={{ label: 'name', value: 'id', children: 'children' }}
            onChange={(deptId) => table.search({ ...params, deptId })}
          />
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 110 }}
            options={Object.entries(CERT_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(status) => table.search({ ...params, status })}
          />
        </Space>
      }
    >
      <Table
        {...table.tableProps}
        // at 1280 px every data column shows beside 操作: the holder carries their department, the
        // certificate its source and achievement (wrapping), the number wraps
        scroll={{ x: 960 }}
        columns={[
          {
            title: '证书编号',
            dataIndex: 'certNo',
            width: 132,
            render: (v: string) => <span className="wrap-anywhere">{v}</span>,
          },
          {
            title: '持证人',
            dataIndex: 'holderName',
            width: 110,
            render: (v: string, r) => (
              <div className="exam-list__title">
                {v}
                <span className="exam-list__sub">{r.deptName || '-'}</span>
              </div>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: TCert['status'], r) => (
              <Tag color={STATUS_COLOR[v]} title={r.revokeReason ?? undefined}>
                {CERT_STATUS_LABELS[v]}
              </Tag>
            ),
          },
          {
            title: '证书 / 获得成就',
            dataIndex: 'tmplTitle',
            render: (v: string, r) => (
              <div className="exam-list__title">
                <span>
                  {v} <Tag>{SOURCE[r.sourceKind]}</Tag>
                </span>
                <span className="exam-list__sub">{r.achievement}</span>
              </div>
            ),
          },
          { title: '发证日期', dataIndex: 'issuedAt', width: 104, render: (v) => formatCertDate(v) },
          { title: '有效期至', dataIndex: 'validUntil', width: 104, render: (v) => (v ? formatCertDate(v) : '长期') },
          {
            title: '操作',
            width: 180,
            fixed: 'right',
            render: (_, r) => (
              <TableActions>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => callDownload(certCertDownload, { id: r.id }, `${r.certNo}.pdf`)}
                >
                  下载
                </Button>
                {canIssue && (
                  <Button type="link" size="small" icon={<RedoOutlined />} onClick={() => reissue(r)}>
                    重新生成
                  </Button>
                )}
                {canRevoke && r.status !== 'revoked' && (
                  <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => revoke(r)}>
                    撤销
                  </Button>
                )}
              </TableActions>
            ),
          },
        ]}
      />
      <IssueModal
        open={issuing}
        tmpls={tmpls.data?.records ?? []}
        onClose={(issued) => {
          setIssuing(false);
          if (issued) table.refresh();
        }}
      />
    </PageContainer>
  );
}
