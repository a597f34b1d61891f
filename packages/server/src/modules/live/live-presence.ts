import type { TPresencePerson } from '@claimdesk/contracts';

/** Each person once, by name; writing (in any tab, on any server process) wins over viewing. */
export function mergePeople(lists: Iterable<TPresencePerson>[]): TPresencePerson[] {
  const people = new Map<string, TPresencePerson>();
  for (const list of lists) {
    for (const person of list) {
      if (people.get(person.username)?.state === 'writing') continue;
      people.set(person.username, person);
    }
  }
  return [...people.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username),
  );
}

const keyOf = (origin: string, tenantId: string, caseId: number) =>
  `${origin}\n${tenantId}\n${String(caseId)}`;

/**
 * Who the other server processes have on each case, as they last announced it (through NOTIFY).
 * They announce again on every heartbeat, so the entries of a process that died run out.
 */
export class RemotePresence {
  private readonly entries = new Map<
    string,
    { tenantId: string; caseId: number; people: TPresencePerson[]; at: number }
  >();

  set(origin: string, tenantId: string, caseId: number, people: TPresencePerson[]): void {
    const key = keyOf(origin, tenantId, caseId);
    if (people.length === 0) this.entries.delete(key);
    else this.entries.set(key, { tenantId, caseId, people, at: Date.now() });
  }

  /** The other processes' people on the case. */
  peopleOn(tenantId: string, caseId: number): TPresencePerson[][] {
    const lists: TPresencePerson[][] = [];
    for (const entry of this.entries.values()) {
      if (entry.tenantId === tenantId && entry.caseId === caseId) lists.push(entry.people);
    }
    return lists;
  }

  /** Forgets announcements older than `maxAgeMs`; answers the cases they were about. */
  expire(maxAgeMs: number): { tenantId: string; caseId: number }[] {
    const gone: { tenantId: string; caseId: number }[] = [];
    const oldest = Date.now() - maxAgeMs;
    for (const [key, entry] of this.entries) {
      if (entry.at >= oldest) continue;
      this.entries.delete(key);
      gone.push({ tenantId: entry.tenantId, caseId: entry.caseId });
    }
    return gone;
  }
}
