import { App } from 'aws-cdk-lib';
import { buildCuota } from '../lib/app';

const app = new App();
buildCuota(app);
app.synth();
