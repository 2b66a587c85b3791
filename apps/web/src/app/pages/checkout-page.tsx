import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  api,
  attributeText,
  cartProducts,
  cartTotal,
  isDeliveryPhone,
  normalizePostalCode,
  OBJECT_TYPE,
  type CartItem,
} from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { ApiRequestError, call } from '../../lib/api-client.ts';
import { formatPostalCode, formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { lookupAddress } from '../../features/account/api/lookup-address.ts';
import type { Delivery, PaymentTarget } from '../../features/payments/api/payment-calls.ts';
import { CardPayment } from '../../features/payments/card-payment.tsx';
import { areasQuery } from '../../features/search/api/get-areas.ts';
import { cartStore, useCart } from '../../features/shop/cart-store.ts';
import classes from '../../features/shop/shop.module.css';
import { fillTemplate, UserContent } from '../../lib/user-content.tsx';

/** POST /payments/check-product-order for the cart: can it be bought, and the server's amount. */
const checkCart = (items: readonly CartItem[]) =>
  call(api.payments.checkProductOrder, {
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
                      {fillTemplate(
                        m.deliverTo,
                        formatPostalCode(delivery.postal_code),
                        delivery.address,
                        delivery.customer_name,
                      )}
                      {f(m.deliverPhone, delivery.phone)}
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
                    <UserContent>{line.name}</UserContent> × {line.quantity}
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

/** Half-width digits and a plain hyphen, whatever the IME typed. */
const halfWidth = (value: string) =>
  value
    .trim()
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[－ー―‐−]/g, '-');

/**
 * Where to deliver. The registered address is preselected whenever the member has one, however the
 * page was reached (a reload, a direct link): the choice waits for the member and the prefectures.
 * Another address has the postal-code lookup of registration and a phone number for the carrier.
 */
function AddressForm({
  initial,
  onSubmit,
  pending,
}: {
  initial: Delivery | null;
  onSubmit: (delivery: Delivery) => void;
  pending: boolean;
}) {
  const { user, isLoadingUser } = useAuth();
  const areas = useQuery(areasQuery());
  if (isLoadingUser || areas.isPending) return <Skeleton height={220} data-testid="address-loading" />;
  const areaName = areas.data?.find((a) => a.id === user?.area)?.name ?? '';
  const registered: Delivery | null =
    user && user.postal_code && user.address
      ? {
          postal_code: user.postal_code,
          address: `${areaName}${user.district}${user.address}`,
          customer_name: user.fullname,
          phone: user.phone ?? '',
        }
      : null;
  return (
    <AddressChoice
      initial={initial}
      registered={registered}
      fullname={user?.fullname ?? ''}
      onSubmit={onSubmit}
      pending={pending}
    />
  );
}

function AddressChoice({
  initial,
  registered,
  fullname,
  onSubmit,
  pending,
}: {
  initial: Delivery | null;
  registered: Delivery | null;
  fullname: string;
  onSubmit: (delivery: Delivery) => void;
  pending: boolean;
}) {
  const { t } = useI18n();
  const m = t.shop.checkout;
  const usedOther = initial !== null && registered !== null && initial.address !== registered.address;
  const [choice, setChoice] = useState<'registered' | 'other'>(
    registered && !usedOther ? 'registered' : 'other',
  );
  const [values, setValues] = useState<Delivery>(
    usedOther || (initial && !registered)
      ? (initial as Delivery)
      : { postal_code: '', address: '', customer_name: fullname, phone: registered?.phone ?? '' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [looking, setLooking] = useState(false);
  const useRegistered = choice === 'registered' && registered !== null;

  const validate = (next: Delivery): Errors => {
    const found: Errors = {};
    const digits = next.postal_code.replace(/-/g, '');
    if (!digits) found.postal_code = m.postalCodeRequired;
    else if (!/^\d{7}$/.test(digits)) found.postal_code = m.postalCodeFormat;
    if (!next.address) found.address = m.addressRequired;
    else if (next.address.length > 300) found.address = m.addressTooLong;
    if (!next.customer_name) found.customer_name = m.customerNameRequired;
    else if (next.customer_name.length > 100) found.customer_name = m.customerNameTooLong;
    if (!next.phone) found.phone = m.phoneRequired;
    else if (!isDeliveryPhone(next.phone)) found.phone = m.phoneFormat;
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (useRegistered) {
      // A registered phone that is not a whole number (older data) is asked for here.
      const phone = isDeliveryPhone(registered.phone) ? registered.phone : halfWidth(values.phone);
      const phoneError = validate({ ...registered, phone }).phone;
      setErrors(phoneError ? { phone: phoneError } : {});
      if (!phoneError) onSubmit({ ...registered, phone });
      return;
    }
    const next = {
      postal_code: halfWidth(values.postal_code),
      address: values.address.trim(),
      customer_name: values.customer_name.trim(),
      phone: halfWidth(values.phone),
    };
    const found = validate(next);
    setErrors(found);
    setValues(next);
    if (Object.keys(found).length === 0)
      onSubmit({ ...next, postal_code: next.postal_code.replace(/-/g, '') });
  };

  const lookup = async () => {
    const postal = normalizePostalCode(values.postal_code);
    if (!/^\d{7}$/.test(postal)) {
      setErrors((e) => ({ ...e, postal_code: postal ? m.postalCodeFormat : m.postalCodeRequired }));
      return;
    }
    setLooking(true);
    try {
      const [first] = await lookupAddress(postal);
      if (first) {
        setValues((v) => ({ ...v, postal_code: postal, address: `${first.area.name}${first.district}` }));
        setErrors((e) => ({ ...e, postal_code: undefined, address: undefined }));
      } else setErrors((e) => ({ ...e, postal_code: m.lookupNotFound }));
    } catch (error) {
      const message =
        error instanceof ApiRequestError
          ? (error.errors.postal_code?.[0] ?? error.message)
          : t.errors.generic;
      setErrors((e) => ({ ...e, postal_code: message }));
    } finally {
      setLooking(false);
    }
  };

  const field = (name: keyof Delivery) => ({
    value: values[name],
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      // An edited field's error is stale.
      setErrors((current) => ({ ...current, [name]: undefined }));
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
            onChange={(value) => {
              setChoice(value as 'registered' | 'other');
              setErrors({});
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="registered"
                disabled={!registered}
                label={m.registered}
                data-testid="registered-address"
                description={
                  registered ? (
                    <UserContent>{`〒${formatPostalCode(registered.postal_code)} ${registered.address} ${registered.customer_name}`}</UserContent>
                  ) : (
                    m.registeredMissing
                  )
                }
              />
              <Radio value="other" label={m.other} data-testid="other-address" />
            </Stack>
          </Radio.Group>
          {useRegistered && isDeliveryPhone(registered.phone) ? null : (
            <Stack gap="sm">
              {useRegistered ? null : (
                <>
                  <Group align="flex-start" gap="sm" wrap="wrap">
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
                    <Button
                      variant="light"
                      mt={44}
                      loading={looking}
                      disabled={!values.postal_code.trim()}
                      onClick={() => void lookup()}
                    >
                      {m.lookup}
                    </Button>
                  </Group>
                  <TextInput label={m.address} required autoComplete="street-address" {...field('address')} />
                  <TextInput
                    label={m.customerName}
                    required
                    autoComplete="name"
                    {...field('customer_name')}
                  />
                </>
              )}
              <TextInput
                label={m.phone}
                description={m.phoneHelp}
                required
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                maw={320}
                {...field('phone')}
              />
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
