import { PROCTOR_OFF, ZExamSaveSchema } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { proctorForSave, proctorIssue, proctorToForm } from './proctor-form';

describe("the exam form's 远程监考", () => {
  it('reads an exam without the setting as not proctored', () => {
    expect(proctorToForm(undefined)).toEqual(PROCTOR_OFF);
    expect(proctorToForm({ ...PROCTOR_OFF, mode: 2, snapMinSeconds: 40 })).toMatchObject({
      mode: 2,
      snapMinSeconds: 40,
    });
  });

  it('sends the whole setting, defaults under what was not entered', () => {
    expect(proctorForSave(undefined)).toEqual(PROCTOR_OFF);
    expect(proctorForSave({ mode: 2, snapMinSeconds: 45, snapMaxSeconds: 90, cameraStopBlocks: true })).toEqual({
      ...PROCTOR_OFF,
      mode: 2,
      snapMinSeconds: 45,
      snapMaxSeconds: 90,
      cameraStopBlocks: true,
    });
    // a cleared number is the default, not null
    expect(proctorForSave({ mode: 1, retentionDays: null })).toEqual({ ...PROCTOR_OFF, mode: 1 });
  });

  it('keeps hidden fields as entered when valid, and never lets an invalid hidden one block the save', () => {
    expect(proctorForSave({ mode: 1, snapMinSeconds: 50, snapMaxSeconds: 60, retentionDays: 90 })).toMatchObject({
      mode: 1,
      snapMinSeconds: 50,
      retentionDays: 90,
    });
    const hidden = proctorForSave({ mode: 1, snapMinSeconds: 100, snapMaxSeconds: 20, retentionDays: 7 });
    expect(hidden).toEqual({ ...PROCTOR_OFF, mode: 1, retentionDays: 7 });
    expect(proctorForSave({ mode: 0, retentionDays: 0 })).toEqual(PROCTOR_OFF);
  });

  it('is what the exam save accepts', () => {
    const proctor = proctorForSave({ mode: 3, snapMinSeconds: 20, snapMaxSeconds: 20 });
    const r = ZExamSaveSchema.shape.proctor.safeParse(proctor);
    expect(r.success).toBe(true);
    expect(r.data).toEqual(proctor);
  });

  it("reports the schema's message on the field it concerns", () => {
    const v = { mode: 2 as const, snapMinSeconds: 90, snapMaxSeconds: 60 };
    expect(proctorIssue(v, 'snapMaxSeconds')).toBe('抓拍最长间隔不能小于最短间隔');
    expect(proctorIssue(v, 'snapMinSeconds')).toBeNull();
    expect(proctorIssue({ mode: 2, snapMinSeconds: 5 }, 'snapMinSeconds')).toBe('抓拍最短间隔不能少于10秒');
    expect(proctorIssue({ mode: 1, retentionDays: 4000 }, 'retentionDays')).toBe('抓拍保留天数不能超过3650天');
    expect(proctorIssue({ mode: 2, snapMinSeconds: 30, snapMaxSeconds: 30 }, 'snapMaxSeconds')).toBeNull();
  });
});
