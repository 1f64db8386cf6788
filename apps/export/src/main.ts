import { launchService } from '@radar/platform/launch';

// Its S3 client's requests go out through Node's http module: traced as CLIENT spans.
launchService('export', () => import('./service'), { nodeHttpClientSpans: true });
