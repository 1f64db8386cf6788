import { eventually } from './eventually';

describe('eventually', () => {
  it('returns the first answer that is neither undefined nor false', async () => {
    let calls = 0;
    const answer = await eventually(() => {
      calls += 1;
      return calls < 3 ? undefined : { calls };
    }, 'the third call');
    expect(answer).toEqual({ calls: 3 });
  });

  it('waits on a check that answers false, and resolves to true', async () => {
    let calls = 0;
    await expect(eventually(async () => (calls += 1) >= 2, 'the second call')).resolves.toBe(true);
  });

  it('keeps a falsy answer other than undefined and false (0, an empty string)', async () => {
    await expect(eventually(() => 0, 'zero')).resolves.toBe(0);
    await expect(eventually(() => '', 'an empty string')).resolves.toBe('');
  });

  it('names what it waited for when the time runs out', async () => {
    await expect(eventually(() => undefined, 'a message that never comes', 120)).rejects.toThrow('Timed out after 120 ms waiting for a message that never comes');
  });
});
