/** 组合题 (type 99) in the interchange model: the stem; its children are mapped by their own kinds (interchange/registry.ts). */
import { baseOf } from '../../interchange/kind-base.js';
import type { KindInterchange } from '../../interchange/model.js';

export const compositeInterchange: KindInterchange = {
  type: 99,
  toInterchange: baseOf,
  fromInterchange: () => ({ options: [], answer: {} }),
};
