import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { NewsSummary } from '@mels/domain';
import { Link } from 'react-router';
import { formatNewsDate } from '../../lib/format.ts';
import classes from './news.module.css';

export function NewsListItem({ item }: { item: NewsSummary }) {
  return (
    <li className={classes.item}>
      <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.row}>
        <Text component="time" dateTime={item.public_date} size="sm" c="dimmed" className={classes.date}>
          {formatNewsDate(item.public_date)}
        </Text>
        {item.category_news ? (
          <Badge variant="light" color="rose" size="sm" className={classes.badge} data-user-content>
            {item.category_news.title}
          </Badge>
        ) : null}
        <Anchor component={Link} to={`/news/${item.id}`} className={classes.title} data-user-content>
          {item.title}
        </Anchor>
      </Group>
    </li>
  );
}
