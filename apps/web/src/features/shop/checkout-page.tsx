import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  Radio,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { attributeText, cartProducts, cartTotal, OBJECT_TYPE, type CartItem } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-provider.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { ApiRequestError, apiData } from '../../lib/api-client.ts';
import { formatPostalCode, formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { Delivery, PaymentTarget } from '../payments/api/payment-calls.ts';
import { CardPayment } from '../payments/card-payment.tsx';
import { areasQuery } from '../search/api/get-areas.ts';
import { cartStore, useCart } from './cart-store.ts';
import classes from './shop.module.css';

type Check = { canBuy: boolean; messages: string[]; amount: number };

/** POST /payments/check-product-order for the cart: can it be bought, and the server's amount. */
const checkCart = (items: readonly CartItem[]) =>
  apiData<Check>('/payments/check-product-order', {
    method: 'POST',
    body: { object_type: OBJECT_TYPE.shopOrder, products: cartProducts(items) },
  });

/**
 * /cart/payment: where to deliver (the registered address or another one), the server's check of
 * the cart, then the card. A paid order empties the cart.
 */
export function CheckoutPage() {
  const { t, f } = useI18n();
  const m = t.shop.checkout;
  const items = useCart();
  const queryClient = useQueryClient();
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [paid, setPaid] = useState<{ items: CartItem[] } | null>(null);
  const check = useMutation({ mutationFn: checkCart });

  if (items.length === 0 && !paid) return <Navigate to="/store" replace />;
  const shown = paid?.items ?? items;
  const step = paid ? 2 : delivery && check.data?.canBuy ? 1 : 0;
  const target: PaymentTarget | null = delivery
    ? { object_type: OBJECT_TYPE.shopOrder, products: cartProducts(items), delivery }
    : null;

  const onAddress = (next: Delivery) => {
    setDelivery(next);
    check.mutate(items);
  };

  return (
    <>
      <PageHeading title={m.title} />
      <Stepper active={step} size="sm" mb="xl" aria-label={m.steps} allowNextStepsSelect={false}>
        <Stepper.Step label={m.stepAddress} />
        <Stepper.Step label={m.stepPayment} />
        <Stepper.Step label={m.stepDone} />
      </Stepper>
      <div className={classes.checkout}>
        <Stack gap="lg">
          {step === 0 ? (
            <>
              <AddressForm initial={delivery} onSubmit={onAddress} pending={check.isPending} />
              {check.data && !check.data.canBuy ? (
                <Alert color="red" variant="light" role="alert" title={m.cannotBuy}>
                  <List size="sm">
                    {check.data.messages.map((message) => (
                      <List.Item key={message}>{message}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}
              {check.error ? (
                <Alert color="red" variant="light" role="alert">
                  {check.error instanceof ApiRequestError ? check.error.message : t.errors.generic}
                </Alert>
              ) : null}
            </>
          ) : (
            <>
              {delivery && !paid ? (
                <Paper withBorder p="md">
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" data-testid="deliver-to">
                      {f(
                        m.deliverTo,
                        formatPostalCode(delivery.postal_code),
                        delivery.address,
                        delivery.customer_name,
                      )}
                    </Text>
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => {
                        check.reset();
                      }}
                    >
                      {m.changeAddress}
                    </Button>
                  </Group>
                </Paper>
              ) : null}
              {target && check.data ? (
                <CardPayment
                  target={target}
                  amount={check.data.amount}
                  onComplete={() => {
                    setPaid({ items });
                    cartStore.clear();
                    void queryClient.invalidateQueries({ queryKey: ['users', 'orders'] });
                    void queryClient.invalidateQueries({ queryKey: ['products'] });
                  }}
                  completeActions={
                    <Group>
                      <Button component={Link} to="/order-history">
                        {m.toOrders}
                      </Button>
                      <Button component={Link} to="/store" variant="default">
                        {t.shop.backToStore}
                      </Button>
                    </Group>
                  }
                />
              ) : null}
            </>
          )}
        </Stack>
        <OrderSummary items={shown} />
      </div>
    </>
  );
}

function OrderSummary({ items }: { items: readonly CartItem[] }) {
  const { t } = useI18n();
  const m = t.shop;
  return (
    <Paper withBorder p="lg" className={classes.summary} component="section" aria-labelledby="summary-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="summary-title">
          {m.checkout.summary}
        </Title>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((line) => (
            <li
              key={line.key}
              style={{ padding: '6px 0', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <div>
                  <Text size="sm">
                    {line.name} × {line.quantity}
                  </Text>
                  {line.attributes.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      {attributeText(line.attributes)}
                    </Text>
                  ) : null}
                </div>
                <Text size="sm" className={classes.amount}>
                  {formatYen(line.price * line.quantity)}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
        <Group justify="space-between">
          <Text fw={700}>{m.cart.total}</Text>
          <Text fw={700} fz="xl" className={classes.amount} data-testid="checkout-total">
            {formatYen(cartTotal(items))}
          </Text>
        </Group>
        {items.length > 0 ? (
          <Button component={Link} to="/cart" variant="subtle" size="xs">
            {m.checkout.back}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

type Errors = Partial<Record<keyof Delivery, string>>;

function AddressForm({
  initial,
  onSubmit,
  pending,
}: {
  initial: Delivery | null;
  onSubmit: (delivery: Delivery) => void;
  pending: boolean;
}) {
  const { t } = useI18n();
  const m = t.shop.checkout;
  const { user } = useAuth();
  const areas = useQuery(areasQuery());
  const areaName = areas.data?.find((a) => a.id === user?.area)?.name ?? '';
  const registered: Delivery | null =
    user && user.postal_code && user.address
      ? {
          postal_code: user.postal_code,
          address: `${areaName}${user.district}${user.address}`,
          customer_name: user.fullname,
        }
      : null;
  const [choice, setChoice] = useState<'registered' | 'other'>(registered ? 'registered' : 'other');
  const [values, setValues] = useState<Delivery>(
    initial ?? { postal_code: '', address: '', customer_name: user?.fullname ?? '' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const useRegistered = choice === 'registered' && registered !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (useRegistered) {
      onSubmit(registered);
      return;
    }
    const next = {
      postal_code: values.postal_code
        .trim()
        .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)),
      address: values.address.trim(),
      customer_name: values.customer_name.trim(),
    };
    const found: Errors = {};
    const digits = next.postal_code.replace(/[-－]/g, '');
    if (!digits) found.postal_code = m.postalCodeRequired;
    else if (!/^\d{7}$/.test(digits)) found.postal_code = m.postalCodeFormat;
    if (!next.address) found.address = m.addressRequired;
    else if (next.address.length > 300) found.address = m.addressTooLong;
    if (!next.customer_name) found.customer_name = m.customerNameRequired;
    else if (next.customer_name.length > 100) found.customer_name = m.customerNameTooLong;
    setErrors(found);
    setValues(next);
    if (Object.keys(found).length === 0) onSubmit({ ...next, postal_code: digits });
  };

  const field = (name: keyof Delivery) => ({
    value: values[name],
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
    error: errors[name],
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Radio.Group
            label={m.addressLegend}
            value={useRegistered ? 'registered' : 'other'}
            onChange={(value) => setChoice(value as 'registered' | 'other')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="registered"
                disabled={!registered}
                label={m.registered}
                description={
                  registered
                    ? `〒${formatPostalCode(registered.postal_code)} ${registered.address} ${registered.customer_name}`
                    : m.registeredMissing
                }
              />
              <Radio value="other" label={m.other} data-testid="other-address" />
            </Stack>
          </Radio.Group>
          {useRegistered ? null : (
            <Stack gap="sm">
              <TextInput
                label={m.postalCode}
                description={m.postalCodeHelp}
                required
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={8}
                w={180}
                {...field('postal_code')}
              />
              <TextInput label={m.address} required autoComplete="street-address" {...field('address')} />
              <TextInput label={m.customerName} required autoComplete="name" {...field('customer_name')} />
            </Stack>
          )}
          <Group justify="space-between">
            <Button component={Link} to="/cart" variant="default">
              {m.back}
            </Button>
            <Button type="submit" loading={pending} data-testid="to-payment">
              {m.next}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
