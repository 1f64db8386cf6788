import { launchService } from '@radar/platform/launch';

launchService('signal-ingest', () => import('./service'));
