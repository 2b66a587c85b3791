import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { attributeText, cartCount, cartTotal, parseQuantity, type CartItem } from '@mels/domain';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { cartStore, useCart } from './cart-store.ts';
import classes from './shop.module.css';

/** /cart: the lines, their quantities and the total; an empty cart goes back to /store. */
export function CartPage() {
  const { t, f } = useI18n();
  const m = t.shop.cart;
  const items = useCart();
  if (items.length === 0) return <Navigate to="/store" replace />;
  return (
    <>
      <PageHeading title={m.title} />
      <div className={classes.checkout}>
        <section aria-label={m.caption}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="cart-lines">
            {items.map((line) => (
              <CartLine key={line.key} line={line} />
            ))}
          </ul>
          <Text size="sm" c="dimmed" mt="md">
            {m.shippingNote}
          </Text>
        </section>
        <Paper withBorder p="lg" className={classes.summary}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text>{m.total}</Text>
              <Text size="sm" c="dimmed">
                {f(m.itemCount, cartCount(items))}
              </Text>
            </Group>
            <Text fz={26} fw={700} ta="right" data-testid="cart-total" className={classes.amount}>
              {formatYen(cartTotal(items))}
              <Text component="span" size="xs" c="dimmed" fw={400}>
                {t.shop.taxIncluded}
              </Text>
            </Text>
            <Button component={Link} to="/cart/payment" size="md" data-testid="checkout">
              {m.checkout}
            </Button>
            <Button component={Link} to="/store" variant="default">
              {m.continueShopping}
            </Button>
          </Stack>
        </Paper>
      </div>
    </>
  );
}

function CartLine({ line }: { line: CartItem }) {
  const { t, f } = useI18n();
  const m = t.shop.cart;
  const [draft, setDraft] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    const n = parseQuantity(draft);
    if (n === null) {
      setError(t.shop.quantityInvalid);
      return;
    }
    setError(null);
    setDraft(String(n));
    cartStore.setQuantity(line.key, n);
  };
  return (
    <li className={classes.cartLine} data-testid="cart-line">
      <img className={classes.cartThumb} src={line.thumbnail ?? '/favicon.svg'} alt="" />
      <div>
        <Text
          fw={700}
          size="sm"
          component={Link}
          to={`/store/${line.id}`}
          c="inherit"
          td="none"
          data-user-content
        >
          {line.name}
        </Text>
        {line.attributes.length > 0 ? (
          <Text size="xs" c="dimmed">
            {attributeText(line.attributes)}
          </Text>
        ) : null}
        <Text size="sm" className={classes.amount} ta="left">
          {m.unitPrice}: {formatYen(line.price)}
        </Text>
      </div>
      <div className={classes.cartControls}>
        {line.buy_once_per_user ? (
          <Text size="sm">
            {m.quantity}: 1（{t.shop.onePerPerson}）
          </Text>
        ) : (
          <TextInput
            aria-label={f(m.quantityLabel, line.name)}
            inputMode="numeric"
            w={72}
            size="sm"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
            }}
            error={error}
          />
        )}
        <Text fw={700} className={classes.amount} miw={90}>
          {formatYen(line.price * line.quantity)}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={f(m.removeLabel, line.name)}
          onClick={() => cartStore.remove(line.key)}
        >
          <span aria-hidden="true">×</span>
        </ActionIcon>
      </div>
    </li>
  );
}
