import { Avatar, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCasePresence } from '../../../lib/live';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/** Small avatars of the others who have the case open now, on its row in a list. */
export function RowPresence({ caseId }: { caseId: number }) {
  const { t } = useTranslation('common');
  const people = useCasePresence(caseId);
  if (people.length === 0) return null;
  const names = people.map((p) => {
    const name = p.name.trim() || p.username;
    return p.state === 'writing' ? t('presence.writing', { name }) : name;
  });
  const label = `${t('presence.onCase')} ${names.join(', ')}`;
  return (
    <Tooltip label={label} withArrow>
      <Avatar.Group spacing={6} aria-label={label} role="img" data-testid="row-presence">
        {people.slice(0, 3).map((p) => (
          <Avatar
            key={p.username}
            size={20}
            radius="xl"
            color={p.state === 'writing' ? 'orange' : 'blue'}
            styles={{ placeholder: { fontSize: 9 } }}
          >
            {initials(p.name.trim() || p.username)}
          </Avatar>
        ))}
        {people.length > 3 && (
          <Avatar size={20} radius="xl" styles={{ placeholder: { fontSize: 9 } }}>
            +{people.length - 3}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}
