/** Resolves a menu's component name to pages/<component>/index.tsx, lazily (DESIGN conventions). */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import PageMissing from '../components/PageMissing';

type Loader = () => Promise<{ default: ComponentType<any> }>;

const pages = import.meta.glob<{ default: ComponentType<any> }>('../pages/**/index.tsx');
const cache = new Map<string, LazyExoticComponent<ComponentType<any>> | ComponentType<any>>();

export function pageKey(component: string): string {
  const name = component.replace(/^\/+|\/+$/g, '').replace(/\/index$/, '');
  return `../pages/${name}/index.tsx`;
}

export const hasPage = (component: string): boolean => pageKey(component) in pages;

/** A lazy page component, or PageMissing ("页面不存在") for an unknown name. */
export function resolvePage(component: string): ComponentType<any> {
  const key = pageKey(component);
  const hit = cache.get(key);
  if (hit) return hit;
  const loader = pages[key] as Loader | undefined;
  const resolved = loader ? lazy(loader) : () => <PageMissing component={component} />;
  cache.set(key, resolved);
  return resolved;
}
