/** Visited pages of the tag bar and the pages kept alive (SPEC 2 behaviours). */
import { create } from 'zustand';

export interface TagView {
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

interface TagsViewState {
  visited: TagView[];
  /** Paths whose page element is kept mounted (keep-alive). */
  cached: string[];
  addView: (view: TagView) => void;
  delView: (path: string) => void;
  delCached: (path: string) => void;
  delOthers: (path: string) => void;
  delAll: () => void;
  reset: () => void;
}

export const useTagsViewStore = create<TagsViewState>((set) => ({
  visited: [],
  cached: [],
  addView: (view) =>
    set((state) => {
      const exists = state.visited.find((v) => v.path === view.path);
      const visited = exists
        ? state.visited.map((v) => (v.path === view.path ? { ...v, ...view } : v))
        : [...state.visited, view];
      const cached = view.noCache || state.cached.includes(view.path) ? state.cached : [...state.cached, view.path];
      return { visited, cached };
    }),
  delView: (path) =>
    set((state) => ({
      visited: state.visited.filter((v) => v.path !== path || v.affix),
      cached: state.visited.some((v) => v.path === path && v.affix)
        ? state.cached
        : state.cached.filter((p) => p !== path),
    })),
  delCached: (path) => set((state) => ({ cached: state.cached.filter((p) => p !== path) })),
  delOthers: (path) =>
    set((state) => {
      const visited = state.visited.filter((v) => v.affix || v.path === path);
      const keep = new Set(visited.map((v) => v.path));
      return { visited, cached: state.cached.filter((p) => keep.has(p)) };
    }),
  delAll: () =>
    set((state) => {
      const visited = state.visited.filter((v) => v.affix);
      const keep = new Set(visited.map((v) => v.path));
      return { visited, cached: state.cached.filter((p) => keep.has(p)) };
    }),
  reset: () => set({ visited: [], cached: [] }),
}));
