import { launchService } from '@radar/platform/launch';

launchService('monitor-scheduler', () => import('./service'));
