/**
 * The exam form's 远程监考 section and the save's `proctor`: the form holds the setting as entered
 * (fields of a lower mode are hidden, not cleared); the save sends the whole setting. Pure, unit-tested.
 */
import { PROCTOR_OFF, type TProctorSetting, ZProctorSettingSchema } from '@exam/contracts';

export type ProctorFormValues = Partial<{ [K in keyof TProctorSetting]: TProctorSetting[K] | null }>;

/** The form's values from the exam's detail (an older exam without the setting: not proctored). */
export const proctorToForm = (p: TProctorSetting | null | undefined): TProctorSetting => ({ ...PROCTOR_OFF, ...p });

/**
 * The save's `proctor`: the entered values over the defaults. Fields the mode does not use are sent
 * as entered when valid and as the defaults otherwise, so a hidden field never blocks the save.
 */
export function proctorForSave(v: ProctorFormValues | null | undefined): TProctorSetting {
  const given = Object.fromEntries(Object.entries(v ?? {}).filter(([, x]) => x !== null && x !== undefined));
  const merged = { ...PROCTOR_OFF, ...given } as TProctorSetting;
  if (merged.mode < 2 && !ZProctorSettingSchema.safeParse(merged).success) {
    const { snapMinSeconds, snapMaxSeconds, cameraStopBlocks } = PROCTOR_OFF;
    Object.assign(merged, { snapMinSeconds, snapMaxSeconds, cameraStopBlocks });
  }
  if (merged.mode < 1 && !ZProctorSettingSchema.safeParse(merged).success)
    merged.retentionDays = PROCTOR_OFF.retentionDays;
  return merged;
}

/** The schema's message for one field of the setting, or null (the form's validator). */
export function proctorIssue(v: ProctorFormValues | null | undefined, field: keyof TProctorSetting): string | null {
  const given = Object.fromEntries(Object.entries(v ?? {}).filter(([, x]) => x !== null && x !== undefined));
  const r = ZProctorSettingSchema.safeParse({ ...PROCTOR_OFF, ...given });
  if (r.success) return null;
  return r.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}
