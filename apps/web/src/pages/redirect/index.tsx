/** /redirect/<path>: re-renders the given path (the tag bar's "刷新"). */
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, params, search]);
  return null;
}
