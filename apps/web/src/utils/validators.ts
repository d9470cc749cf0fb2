/** SPEC 5 validators from contracts, plus antd form rules built from them. */
import {
  directoryError,
  isMobile,
  isOptionalMobile,
  isPassword,
  isTimeRange,
  MOBILE_MESSAGE,
  PASSWORD_MESSAGE,
  TIME_RANGE_MESSAGE,
  urlError,
} from '@exam/contracts';
import type { FormRule } from 'antd';

export {
  DIR_EMPTY_MESSAGE,
  DIR_MESSAGE,
  directoryError,
  isDirectory,
  isMobile,
  isOptionalMobile,
  isPassword,
  isTimeRange,
  isUrl,
  isUrlWithSlash,
  MOBILE_MESSAGE,
  PASSWORD_MESSAGE,
  TIME_RANGE_MESSAGE,
  URL_EMPTY_MESSAGE,
  URL_MESSAGE,
  URL_SLASH_MESSAGE,
  urlError,
} from '@exam/contracts';

const check =
  (ok: (v: any) => boolean, message: string): FormRule =>
  () => ({
    validator: (_rule, value) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

/** Required mobile: 11 digits starting 13-19. */
export const mobileRule: FormRule = check((v) => typeof v === 'string' && isMobile(v), MOBILE_MESSAGE);
/** Optional mobile: empty or a valid mobile. */
export const optionalMobileRule: FormRule = check((v) => isOptionalMobile(v), MOBILE_MESSAGE);
/** Password: at least 6 characters with a letter and a digit. */
export const passwordRule: FormRule = check((v) => typeof v === 'string' && isPassword(v), PASSWORD_MESSAGE);
/** URL, not empty; `requireSlash` for the trailing-slash variant. */
export const urlRule = (requireSlash = false): FormRule => ({
  validator: (_rule, value) => {
    const error = urlError(value, requireSlash);
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
});
/** URL or nothing (an optional address: empty clears it). */
export const optionalUrlRule = (requireSlash = false): FormRule => ({
  validator: (_rule, value) => {
    const error = value ? urlError(value, requireSlash) : null;
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
});
/** Directory, not empty. */
export const directoryRule: FormRule = {
  validator: (_rule, value) => {
    const error = directoryError(value);
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
};
/** Both ends of a time range. */
export const timeRangeRule: FormRule = check((v) => isTimeRange(v), TIME_RANGE_MESSAGE);
