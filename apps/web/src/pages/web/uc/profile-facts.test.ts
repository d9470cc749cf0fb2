import { describe, expect, it } from 'vitest';
import { profileFacts } from './profile-facts';

describe('user centre profile card', () => {
  it('shows the department and role names, never their codes', () => {
    const facts = profileFacts({ userName: 'student', mobile: '', deptName: '技术部', roleNames: ['学员'] });
    const text = facts.map((f) => `${f.label} ${f.children}`).join('\n');
    expect(text).toContain('部门 技术部');
    expect(text).toContain('角色 学员');
    expect(text).not.toMatch(/D001|student\b.*角色|部门编码/);
    expect(facts.find((f) => f.key === 'r')?.children).toBe('学员');
  });
});
