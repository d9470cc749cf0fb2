import 'nprogress/nprogress.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { installA11yNames } from './utils/a11y-names';
import { installErrorLogging } from './utils/error-log';

if (import.meta.env.PROD) installErrorLogging();
installA11yNames();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
