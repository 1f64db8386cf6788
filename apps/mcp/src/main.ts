import { launchService } from '@radar/platform/launch';

launchService('mcp', () => import('./service'));
