/** Create or edit a menu; the fields follow the type (1 菜单 / 3 路由: route fields; 2 功能: permission tag). */
import {
  labelOptions,
  MENU_TYPE_LABELS,
  PERMISSION_PATTERN,
  sysMenuSave,
  type TMenuNode,
  ZMenuSaveSchema,
} from '@exam/contracts';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { call } from '../../../../api/call';
import { useModalForm } from '../../../../components/useModalForm';
import { MENU_ICONS, MenuIcon } from '../../../../layouts/admin/icons';
import { required, zodRule } from '../shared';

export interface MenuEditing {
  menu?: TMenuNode;
  parent?: TMenuNode;
}

type Values = Omit<TMenuNode, 'id' | 'catalogueKey' | 'children'>;

const fields = ZMenuSaveSchema.shape;
const FLAGS: { name: keyof Values; label: string; extra: string }[] = [
  { name: 'hidden', label: '隐藏', extra: '不在侧边栏显示' },
  { name: 'alwaysShow', label: '总是显示', extra: '只有一个下级时也显示本级' },
  { name: 'noCache', label: '不缓存', extra: '切换标签后不保留页面状态' },
  { name: 'affix', label: '固定标签', extra: '标签栏中不可关闭' },
];

type Option = { title: string; value: string; children?: Option[] };
const parentOptions = (list: TMenuNode[], exclude?: string): Option[] =>
  list
    .filter((m) => m.type !== 2 && m.id !== exclude)
    .map((m) => {
      const children = parentOptions(m.children ?? [], exclude);
      return { title: m.title, value: m.id, ...(children.length ? { children } : {}) };
    });

export default function MenuFormModal({
  editing,
  tree,
  onClose,
  onSaved,
}: {
  editing: MenuEditing | null;
  tree: TMenuNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, saving, submit } = useModalForm<Values>({
    open: editing !== null,
    source: editing,
    initial: () => {
      const { menu, parent } = editing ?? {};
      return menu ?? { parentId: parent?.id ?? null, type: parent?.type === 1 && parent.parentId ? 2 : 1 };
    },
    save: async (values, f) => {
      const parsed = ZMenuSaveSchema.safeParse({ ...values, id: editing?.menu?.id, parentId: values.parentId ?? null });
      if (!parsed.success) {
        f.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof Values, errors: [i.message] })));
        return false;
      }
      return call(sysMenuSave, parsed.data);
    },
    onSaved,
    onClose,
  });
  const type = Form.useWatch('type', form) ?? 1;
  const icon = Form.useWatch('icon', form);
  const options = useMemo(() => parentOptions(tree, editing?.menu?.id), [tree, editing]);

  return (
    <Modal
      title={editing?.menu ? '编辑菜单' : '新增菜单'}
      open={editing !== null}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      width={760}
      forceRender
    >
      <Form
        name="menuForm"
        form={form}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 17 }}
        initialValues={{ type: 1, sort: 0, hidden: false, alwaysShow: false, noCache: false, affix: false }}
      >
        <Row>
          <Col span={24}>
            <Form.Item label="上级菜单" name="parentId" labelCol={{ span: 3 }} wrapperCol={{ span: 20 }}>
              <TreeSelect treeData={options} allowClear showSearch treeNodeFilterProp="title" placeholder="顶级菜单" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="菜单类型" name="type" labelCol={{ span: 3 }} wrapperCol={{ span: 20 }}>
              <Radio.Group options={labelOptions(MENU_TYPE_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="菜单名称" name="title" required rules={[zodRule(fields.title)]}>
              <Input placeholder="如 用户管理" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="排序" name="sort">
              <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {type === 2 ? (
            <Col span={12}>
              <Form.Item
                label="权限标识"
                name="permission"
                rules={[
                  required('功能类型的菜单必须填写权限标识'),
                  { pattern: PERMISSION_PATTERN, message: '权限标识格式应为 模块:实体:操作' },
                ]}
              >
                <Input placeholder="如 sys:user:save" />
              </Form.Item>
            </Col>
          ) : (
            <>
              <Col span={12}>
                <Form.Item label="路由地址" name="path" rules={[required('请填写路由地址'), zodRule(fields.path)]}>
                  <Input placeholder="如 user 或 /admin/sys" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="组件" name="component" rules={[required('请填写组件'), zodRule(fields.component)]}>
                  <Input placeholder="Layout 或 admin/sys/user" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="路由名称" name="name" rules={[zodRule(fields.name)]}>
                  <Input placeholder="如 SysUser" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="图标" name="icon" rules={[zodRule(fields.icon)]}>
                  <Select
                    allowClear
                    showSearch
                    placeholder="选择图标"
                    suffixIcon={<MenuIcon name={icon} />}
                    options={Object.keys(MENU_ICONS).map((name) => ({
                      value: name,
                      label: (
                        <span>
                          <MenuIcon name={name} /> {name}
                        </span>
                      ),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="重定向" name="redirect" rules={[zodRule(fields.redirect)]}>
                  <Input placeholder="如 /admin/sys/user" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="高亮菜单" name="activeMenu" rules={[zodRule(fields.activeMenu)]}>
                  <Input placeholder="隐藏页面时高亮的菜单路径" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="权限标识" name="permission" rules={[zodRule(fields.permission)]}>
                  <Input placeholder="选填" />
                </Form.Item>
              </Col>
              {FLAGS.map((f) => (
                <Col span={12} key={f.name}>
                  <Form.Item label={f.label} name={f.name} valuePropName="checked" tooltip={f.extra}>
                    <Switch />
                  </Form.Item>
                </Col>
              ))}
            </>
          )}
        </Row>
      </Form>
    </Modal>
  );
}
