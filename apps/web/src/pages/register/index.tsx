/** Student registration: SPEC 5 rules checked as you type (contracts validators), again by the server. */

import { ApartmentOutlined, IdcardOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { sysDepartTree, sysUserReg, type TRegister, ZRegisterSchema } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, type FormRule, Input, Result, TreeSelect } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/call';
import { useUserStore } from '../../stores/user';
import { toTree, toTreeSelect } from '../../utils/tree';
import { mobileRule, passwordRule } from '../../utils/validators';
import AuthLayout, { AuthTitle } from '../auth/AuthLayout';

/** A form rule from one field of the contracts' registration schema. */
const fieldRule =
  (field: 'userName' | 'realName'): FormRule =>
  () => ({
    validator: (_r, value) => {
      const result = ZRegisterSchema.shape[field].safeParse(value ?? '');
      return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
    },
  });

export default function RegisterPage() {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState(false);
  const depts = useQuery({ queryKey: ['dept-tree-public'], queryFn: () => call(sysDepartTree, {}, { silent: true }) });
  const treeData = toTreeSelect(toTree(depts.data));

  const onFinish = async (values: TRegister & { confirm: string }) => {
    setLoading(true);
    try {
      const { confirm: _confirm, ...body } = values;
      const result = await call(sysUserReg, { ...body, deptId: body.deptId || null });
      if (result.token) {
        useUserStore.getState().setToken(result.token);
        navigate('/web/index', { replace: true });
      } else setPending(true);
    } catch {
      // shown by the client
    } finally {
      setLoading(false);
    }
  };

  if (pending) {
    return (
      <AuthLayout>
        <Result
          status="success"
          title="注册成功"
          subTitle="您的账号正在等待管理员审核，审核通过后即可登录。"
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              返回登录
            </Button>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthTitle title="学员注册" sub="注册账号后即可参加课程学习与在线考试" />
      <Form size="large" onFinish={onFinish} validateTrigger={['onChange', 'onBlur']}>
        <Form.Item name="userName" rules={[fieldRule('userName')]} hasFeedback>
          <Input prefix={<UserOutlined />} placeholder="用户名（字母、数字或_.@-）" autoComplete="username" />
        </Form.Item>
        <Form.Item name="realName" rules={[fieldRule('realName')]} hasFeedback>
          <Input prefix={<IdcardOutlined />} placeholder="真实姓名" />
        </Form.Item>
        <Form.Item name="mobile" rules={[mobileRule]} hasFeedback>
          <Input prefix={<MobileOutlined />} placeholder="手机号码" maxLength={11} />
        </Form.Item>
        <Form.Item name="deptId">
          <TreeSelect
            prefix={<ApartmentOutlined />}
            placeholder="所属部门（选填）"
            treeData={treeData}
            treeDefaultExpandAll
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            loading={depts.isLoading}
            notFoundContent="暂无部门"
          />
        </Form.Item>
        <Form.Item name="password" rules={[passwordRule]} hasFeedback>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码（至少6位，含字母和数字）"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          hasFeedback
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="确认密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          注 册
        </Button>
      </Form>
      <div className="auth-links" style={{ marginTop: 16 }}>
        <Link to="/login">已有账号？返回登录</Link>
        <Link to="/help">帮助中心</Link>
      </div>
    </AuthLayout>
  );
}
