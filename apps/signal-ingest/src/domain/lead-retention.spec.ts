import { isKept, keepFrom } from './lead-retention';

describe('lead retention (interface.md: job openings 90 days, everything else a year)', () => {
  it('keeps job openings of today and the 89 days before', () => {
    expect(keepFrom('2026-11-24').jobOpenings).toBe('2026-08-27');
    expect(isKept('job_openings', '2026-08-27', '2026-11-24')).toBe(true);
    expect(isKept('job_openings', '2026-08-26', '2026-11-24')).toBe(false);
  });

  it('keeps every other kind of event of today and the 364 days before', () => {
    expect(keepFrom('2026-11-24').others).toBe('2025-11-25');
    for (const type of ['financing_events', 'news_events', 'connections'] as const) {
      expect(isKept(type, '2025-11-25', '2026-11-24')).toBe(true);
      expect(isKept(type, '2025-11-24', '2026-11-24')).toBe(false);
    }
  });

  it('keeps nothing dated after today', () => {
    expect(isKept('news_events', '2026-11-25', '2026-11-24')).toBe(false);
  });
});
