import { Badge, Button, Group } from '@mantine/core';
import { cartCount } from '@mels/domain';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { useCart } from './cart-store.ts';

/** The way to the cart, with the number of items in it (shown on the shop's pages). */
export function CartLink() {
  const { t, f } = useI18n();
  const count = cartCount(useCart());
  return (
    <Group justify="flex-end">
      <Button
        component={Link}
        to="/cart"
        variant="default"
        data-testid="cart-link"
        rightSection={
          <Badge size="sm" circle={count < 10} variant="filled" data-testid="cart-count" aria-hidden="true">
            {count}
          </Badge>
        }
      >
        {t.shop.cart.link}
        <span className="visually-hidden">（{f(t.shop.cart.itemCount, count)}）</span>
      </Button>
    </Group>
  );
}
