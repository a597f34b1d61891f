import type { TPresencePerson } from '@claimdesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergePeople, RemotePresence } from '../live-presence';

const person = (username: string, name: string, state: TPresencePerson['state']): TPresencePerson => ({
  username,
  name,
  state,
});

describe('mergePeople', () => {
  it('lists each person once by name, writing over viewing in whichever order', () => {
    const bo = person('bo@x.test', 'Bo', 'viewing');
    const ada = person('ada@x.test', 'Ada', 'viewing');
    const adaWriting = person('ada@x.test', 'Ada', 'writing');
    expect(mergePeople([[bo, adaWriting], [ada]])).toEqual([adaWriting, bo]);
    expect(mergePeople([[ada], [bo, adaWriting]])).toEqual([adaWriting, bo]);
  });
});

describe('RemotePresence', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps each process's last announcement until it is replaced, emptied or too old", () => {
    vi.useFakeTimers();
    const remote = new RemotePresence();
    const ada = person('ada@x.test', 'Ada', 'viewing');
    const bo = person('bo@x.test', 'Bo', 'writing');
    remote.set('p1', 'store', 7, [ada]);
    remote.set('p2', 'store', 7, [bo]);
    remote.set('p2', 'other-store', 7, [ada]);
    expect(remote.peopleOn('store', 7)).toEqual([[ada], [bo]]);
    remote.set('p1', 'store', 7, []);
    expect(remote.peopleOn('store', 7)).toEqual([[bo]]);
    vi.advanceTimersByTime(1000);
    remote.set('p3', 'store', 7, [ada]);
    expect(remote.expire(500)).toEqual([
      { tenantId: 'store', caseId: 7 },
      { tenantId: 'other-store', caseId: 7 },
    ]);
    expect(remote.peopleOn('store', 7)).toEqual([[ada]]);
  });
});
