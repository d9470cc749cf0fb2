/** The learner's assistant dialog, opened from the floating button or a 讲解这道题 button. */
import type { TAssistantExplain } from '@exam/contracts';
import { create } from 'zustand';

interface AssistantBus {
  open: boolean;
  /** A 讲解这道题 request the chat panel asks as soon as it is shown. */
  explain: TAssistantExplain | null;
  toggle: () => void;
  close: () => void;
  ask: (explain: TAssistantExplain) => void;
  taken: () => void;
}

export const useAssistantBus = create<AssistantBus>((set) => ({
  open: false,
  explain: null,
  toggle: () => set((s) => ({ open: !s.open })),
  close: () => set({ open: false }),
  ask: (explain) => set({ open: true, explain }),
  taken: () => set({ explain: null }),
}));
