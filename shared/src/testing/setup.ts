import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Toasts (sonner loads on first use) and lazy tabs, dialogs and forms arrive after a dynamic
// import; on a loaded 2-core CI machine that can take longer than Testing Library's default 1 s
// for `findBy…`/`waitFor`. What is asserted does not change, only how long it may take to appear.
configure({ asyncUtilTimeout: 2500 });

afterEach(cleanup);
