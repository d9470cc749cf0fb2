import ErrorPage from './ErrorPage';

export default function Error404() {
  return <ErrorPage status="404" title="抱歉，您访问的页面不存在" text="请检查网址是否正确，或返回首页继续浏览。" />;
}
