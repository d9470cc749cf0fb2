/** Desktop or mobile by width (992 px, SPEC 9), kept in the app store; the sidebar follows. */
import { useEffect } from 'react';
import { useAppStore } from '../stores/app';

export const MOBILE_BREAKPOINT = 992;

export function useDevice(): void {
  useEffect(() => {
    const apply = () => {
      const mobile = window.innerWidth < MOBILE_BREAKPOINT;
      const { device, setDevice, closeSidebar } = useAppStore.getState();
      const next = mobile ? 'mobile' : 'desktop';
      if (device !== next) setDevice(next);
      if (mobile && device !== 'mobile') closeSidebar(true);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}
