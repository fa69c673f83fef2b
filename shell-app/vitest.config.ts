import react from '@vitejs/plugin-react';
import { configuracionVitestDeApp } from '../shared/src/testing/vitest-app';

export default configuracionVitestDeApp(react());
