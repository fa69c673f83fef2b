import { afterAll } from 'vitest';
import { borrarCarpetasTemporales } from './temporal';

// the cloud assemblies and fake web roots a test file made
afterAll(borrarCarpetasTemporales);
