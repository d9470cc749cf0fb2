/**
 * Keep-alive for the admin area: visited page elements stay mounted but hidden, keyed by path, so
 * a filter typed in a cached tab is still there on return. Pages with meta.noCache are not kept.
 * Each kept page sees the location it was opened with, not the current one.
 */
import { type ReactNode, useRef } from 'react';
import { type Location, UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet } from 'react-router';
import { useTagsViewStore } from '../../stores/tags-view';

interface Entry {
  element: ReactNode;
  location: Location;
}

export default function KeepAlive({ noCache }: { noCache: boolean }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const cached = useTagsViewStore((s) => s.cached);
  const store = useRef(new Map<string, Entry>());
  const active = location.pathname;
  const cacheable = !noCache && !active.startsWith('/redirect/');

  if (cacheable) store.current.set(active, { element: outlet, location });
  for (const key of [...store.current.keys()]) {
    if (key !== active && !cached.includes(key)) store.current.delete(key);
    if (key === active && !cacheable) store.current.delete(key);
  }

  return (
    <>
      {[...store.current.entries()].map(([key, entry]) => (
        <div key={key} className="keep-alive-page" style={key === active ? undefined : { display: 'none' }}>
          <UNSAFE_LocationContext.Provider value={{ location: entry.location, navigationType }}>
            {entry.element}
          </UNSAFE_LocationContext.Provider>
        </div>
      ))}
      {!cacheable && <div key={`live:${active}`}>{outlet}</div>}
    </>
  );
}
