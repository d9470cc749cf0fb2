/**
 * antd's Select and Pagination, loaded when first rendered. The learner home shows one filter
 * Select and, past 12 exams, a Pagination: with them static, Select, its virtual list and the
 * pagination (~30 KB gzip) sat on the home's first paint. The chunk is asked for as
 * soon as the component renders, in parallel with the page's data; until it arrives the Select's
 * place holds a read-only input of the same width and placeholder, and the Pagination nothing
 * (it only shows once the list has answered).
 */
import type { PaginationProps, SelectProps } from 'antd';
// The plain Input, not the compound (which brings TextArea, Password and OTP along).
import Input from 'antd/es/input/Input';
import { type ComponentType, lazy, Suspense } from 'react';

const SelectChunk = lazy(() =>
  import('antd/es/select').then((m) => ({ default: m.default as ComponentType<SelectProps<any>> })),
);
const PaginationChunk = lazy(() => import('antd/es/pagination'));

/** antd's Select; a read-only input with the same placeholder and style stands in while it loads. */
export function LazySelect<V = any>(props: SelectProps<V>) {
  const placeholder = (
    <Input
      readOnly
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      style={props.style}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <SelectChunk {...(props as SelectProps<any>)} />
    </Suspense>
  );
}

/** antd's Pagination; nothing while it loads. */
export function LazyPagination(props: PaginationProps) {
  return (
    <Suspense fallback={null}>
      <PaginationChunk {...props} />
    </Suspense>
  );
}
