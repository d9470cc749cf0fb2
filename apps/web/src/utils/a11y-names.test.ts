import { afterEach, describe, expect, it } from 'vitest';
import { installA11yNames, quietIcons } from './a11y-names';

const icon = (name: string) =>
  `<span role="img" aria-label="${name}" class="anticon anticon-${name}"><svg></svg></span>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('icons beside text', () => {
  it('are hidden in a button with text, kept as the only name of an icon-only button', () => {
    document.body.innerHTML = `<button id="a">${icon('highlight')}<span>阅卷</span></button>
      <button id="b">${icon('delete')}</button>
      <button id="c" aria-label="关闭">${icon('close')}</button>
      <div id="d">${icon('info')}说明</div>`;
    quietIcons(document);
    const hidden = (id: string) => document.querySelector(`#${id} .anticon`)?.getAttribute('aria-hidden');
    expect(hidden('a')).toBe('true');
    expect(hidden('b')).toBeNull();
    expect(hidden('c')).toBe('true');
    expect(hidden('d')).toBeNull(); // not a control: nothing is named from it
  });

  it('hides icons rendered later, and when the text arrives after the icon', async () => {
    const observer = installA11yNames();
    document.body.insertAdjacentHTML('beforeend', `<a id="l">${icon('eye')}<span>预览</span></a>`);
    document.body.insertAdjacentHTML('beforeend', `<button id="m">${icon('plus')}<span></span></button>`);
    await Promise.resolve();
    document.querySelector('#m span:not(.anticon)')?.append('新增');
    await new Promise((r) => setTimeout(r));
    expect(document.querySelector('#l .anticon')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('#m .anticon')?.getAttribute('aria-hidden')).toBe('true');
    observer.disconnect();
  });

  it("names a Select's search box by its placeholder, a progress bar 进度, and leaves named ones alone", () => {
    document.body.innerHTML = `<div class="ant-select"><span class="ant-select-placeholder">选择题库</span><input id="s1" role="combobox"></div>
      <label for="s2">部门</label><div class="ant-select"><span class="ant-select-placeholder">请选择</span><input id="s2"></div>
      <div role="progressbar" id="p1"></div><div role="progressbar" id="p2" aria-label="学习进度"></div>`;
    quietIcons(document);
    const label = (id: string) => document.getElementById(id)?.getAttribute('aria-label');
    expect(label('s1')).toBe('选择题库');
    expect(label('s2')).toBeNull();
    expect(label('p1')).toBe('进度');
    expect(label('p2')).toBe('学习进度');
  });

  it('names the controls of a form item by its label when the label is not linked to them', () => {
    document.body.innerHTML = `<div class="ant-form-item"><div class="ant-form-item-label"><label>时长（分钟）</label></div>
      <input id="n1"><button role="switch" id="w1"></button></div>
      <div class="ant-form-item"><div class="ant-form-item-label"><label for="n2">姓名</label></div><input id="n2"></div>`;
    quietIcons(document);
    const label = (id: string) => document.getElementById(id)?.getAttribute('aria-label');
    expect(label('n1')).toBe('时长（分钟）');
    expect(label('w1')).toBe('时长（分钟）');
    expect(label('n2')).toBeNull();
  });
});
