import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { parseQuantity, type CartAttribute } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { productQuery, type Product } from './api/shop-calls.ts';
import { CartLink } from './cart-link.tsx';
import { cartStore, newCartKey } from './cart-store.ts';
import classes from './shop.module.css';

/** /store/{id}: the product, its images and the add-to-cart form. */
export function ProductPage() {
  const { t } = useI18n();
  const { id } = useParams();
  const { token } = useAuth();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const query = useQuery({ ...productQuery(productId, token ?? 'guest'), enabled: valid });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to="/store" size="sm">
          ← {t.shop.backToStore}
        </Anchor>
        <CartLink />
      </Group>
      {!valid ? (
        <Text ta="center" c="dimmed" py="xl" role="status">
          {t.shop.notFound}
        </Text>
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} notFoundText={t.shop.notFound} />
      ) : !query.data ? (
        <div className={classes.detail} aria-busy="true">
          <Skeleton height={320} radius="md" />
          <Stack>
            <Skeleton height={32} />
            <Skeleton height={24} width="40%" />
            <Skeleton height={120} />
          </Stack>
        </div>
      ) : (
        <ProductDetail product={query.data} />
      )}
    </Stack>
  );
}

function Gallery({ product }: { product: Product }) {
  const { t, f } = useI18n();
  const images = product.images.length > 0 ? product.images : [{ link: '/favicon.svg', is_thumb: true }];
  const [index, setIndex] = useState(0);
  const shown = images[index] ?? images[0];
  return (
    <div>
      <img
        className={classes.mainImage}
        src={shown?.link}
        alt={f(t.shop.imageOf, product.name, index + 1)}
        data-user-content
        data-testid="product-image"
      />
      {images.length > 1 ? (
        <div className={classes.thumbs}>
          {images.map((image, i) => (
            <button
              key={image.link}
              type="button"
              className={classes.thumbButton}
              aria-pressed={i === index}
              aria-label={f(t.shop.showImage, i + 1)}
              onClick={() => setIndex(i)}
            >
              <img src={image.link} alt="" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const { t, f } = useI18n();
  const m = t.shop;
  const location = useLocation();
  const { isLoggedIn } = useAuth();
  const [values, setValues] = useState<Record<number, string>>({});
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const canBuy = product.allow_buy_with_course && product.allow_buy_once_per_user && !product.sold_out;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    setRefused(null);
    const found: Record<string, string> = {};
    const attributes: CartAttribute[] = [];
    for (const attribute of product.attributes) {
      const value = (values[attribute.id] ?? '').trim();
      if (attribute.is_required && value === '')
        found[`a${attribute.id}`] = f(m.attributeRequired, attribute.attribute);
      else if (value.length > 100) found[`a${attribute.id}`] = f(m.attributeTooLong, attribute.attribute);
      if (value !== '') attributes.push({ id: attribute.id, attribute: attribute.attribute, value });
    }
    const count = product.buy_once_per_user ? 1 : parseQuantity(quantity);
    if (count === null) found.quantity = m.quantityInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0 || count === null) return;
    const result = cartStore.add({
      key: newCartKey(),
      id: product.id,
      name: product.name,
      price: product.price,
      thumbnail: product.thumbnail,
      quantity: count,
      attributes,
      buy_once_per_user: product.buy_once_per_user,
    });
    if (result.ok) {
      setAdded(f(m.added, product.name));
      setQuantity('1');
    } else setRefused(m.oneItemOnly);
  };

  const courseNames = product.courses.map((c) => c.name).join(t.app.listComma);
  return (
    <div className={classes.detail}>
      <PageTitle title={`${product.name} | ${m.title}`} />
      <Gallery product={product} />
      <Stack gap="md">
        {product.category ? (
          <Anchor
            component={Link}
            to={`/store?category_id=${product.category.id}`}
            size="sm"
            data-user-content
          >
            {product.category.name}
          </Anchor>
        ) : null}
        <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.4} data-user-content>
          {product.name}
        </Title>
        <Group gap={6}>
          {product.sold_out ? (
            <Badge variant="filled" color="red.9">
              {m.soldOut}
            </Badge>
          ) : null}
          {product.buy_once_per_user ? (
            <Badge variant="light" color="gray">
              {m.onePerPerson}
            </Badge>
          ) : null}
          {product.courses.length > 0 ? (
            <Badge variant="light" color="grape" c="grape.9">
              {m.courseOnly}
            </Badge>
          ) : null}
        </Group>
        <Text fz={26} fw={700} data-testid="product-price">
          {formatYen(product.price)}
          <Text component="span" size="sm" c="dimmed" fw={400}>
            {m.taxIncluded}
          </Text>
        </Text>
        <div className={classes.description}>
          <RichText html={product.description} />
        </div>
        {product.courses.length > 0 ? <Text size="sm">{f(m.courseOnlyNote, courseNames)}</Text> : null}
        {!product.allow_buy_with_course && !isLoggedIn ? (
          <Alert color="blue" variant="light">
            <Text size="sm">
              {m.loginToBuy}{' '}
              <Anchor component={Link} to="/login" state={{ from: location.pathname }}>
                {t.nav.login}
              </Anchor>
            </Text>
          </Alert>
        ) : null}
        {product.sold_out ? (
          <Alert color="red" variant="light" role="status" data-testid="sold-out">
            {m.soldOutNote}
          </Alert>
        ) : null}
        {!product.allow_buy_once_per_user ? (
          <Alert color="gray" variant="light" role="status">
            {m.alreadyBought}
          </Alert>
        ) : null}
        <form noValidate onSubmit={submit} aria-label={m.options}>
          <Stack gap="sm">
            {product.attributes.map((attribute) => {
              const label = attribute.is_required
                ? attribute.attribute
                : `${attribute.attribute}（${m.optional}）`;
              const error = errors[`a${attribute.id}`];
              const onChange = (value: string) => setValues((v) => ({ ...v, [attribute.id]: value }));
              return attribute.type === 'select' ? (
                <NativeSelect
                  key={attribute.id}
                  label={label}
                  required={attribute.is_required}
                  value={values[attribute.id] ?? ''}
                  onChange={(e) => onChange(e.currentTarget.value)}
                  data={[{ value: '', label: f(m.choose, attribute.attribute) }, ...attribute.options]}
                  error={error}
                  disabled={!canBuy}
                />
              ) : (
                <TextInput
                  key={attribute.id}
                  label={label}
                  required={attribute.is_required}
                  maxLength={100}
                  value={values[attribute.id] ?? ''}
                  onChange={(e) => onChange(e.currentTarget.value)}
                  error={error}
                  disabled={!canBuy}
                />
              );
            })}
            {product.buy_once_per_user ? null : (
              <TextInput
                label={m.quantity}
                inputMode="numeric"
                w={120}
                value={quantity}
                onChange={(e) => setQuantity(e.currentTarget.value)}
                error={errors.quantity}
                disabled={!canBuy}
              />
            )}
            <Group>
              <Button type="submit" disabled={!canBuy} data-testid="add-to-cart">
                {m.addToCart}
              </Button>
            </Group>
            {added ? (
              <Alert color="teal" variant="light" role="status">
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{added}</Text>
                  <Button component={Link} to="/cart" size="xs">
                    {m.viewCart}
                  </Button>
                </Group>
              </Alert>
            ) : null}
            {refused ? (
              <Alert color="orange" variant="light" role="alert">
                {refused}
              </Alert>
            ) : null}
          </Stack>
        </form>
      </Stack>
    </div>
  );
}
