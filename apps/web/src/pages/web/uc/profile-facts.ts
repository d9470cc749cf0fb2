/** The facts on the user centre's profile card: names, never codes. */
export interface ProfileFactsInput {
  userName: string;
  mobile: string;
  deptName: string;
  roleNames: string[];
}

export function profileFacts(user: ProfileFactsInput): { key: string; label: string; children: string }[] {
  return [
    { key: 'u', label: '用户名', children: user.userName },
    { key: 'm', label: '手机号', children: user.mobile || '未绑定' },
    { key: 'd', label: '部门', children: user.deptName || '—' },
    { key: 'r', label: '角色', children: user.roleNames.join('、') || '—' },
  ];
}
