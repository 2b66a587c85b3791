import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A sentence that links the privacy policy where its message has `{0}` (the registration's and the
 * application's consent notes); the policy opens in a new tab, so the form keeps what was typed.
 */
export function PrivacyNote({ sentence, linkLabel }: { sentence: string; linkLabel: string }) {
  const [before, after] = sentence.split('{0}');
  return (
    <Text size="sm">
      {before}
      <Anchor component={Link} to="/privacy-policy" target="_blank" underline="always">
        {linkLabel}
      </Anchor>
      {after}
    </Text>
  );
}
