import { Badge, Center, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { categoriesQuery, productsQuery, type Product } from './api/shop-calls.ts';
import { CartLink } from './cart-link.tsx';
import classes from './shop.module.css';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /store?category_id=…&page=…: the product list with its category menu. */
export function StorePage() {
  const { t } = useI18n();
  const m = t.shop;
  const { token } = useAuth();
  const [params, setParams] = useSearchParams();
  const categoryId = positive(params.get('category_id'));
  const page = positive(params.get('page')) ?? 1;
  const categories = useQuery(categoriesQuery);
  const products = useQuery(productsQuery(page, categoryId, token ?? 'guest'));
  const current = categories.data?.find((c) => c.id === categoryId);

  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    search.set('page', String(next));
    setParams(search);
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeading
        title={current ? `${m.title}: ${current.name}` : m.title}
        lead={m.lead}
        documentTitle={current ? `${current.name} | ${m.title}` : m.title}
      />
      <Stack gap="md">
        <CartLink />
        <div className={classes.layout}>
          <nav aria-label={m.categories}>
            <Text fw={700} mb="xs" visibleFrom="sm">
              {m.categories}
            </Text>
            <ul className={classes.categoryList}>
              <li>
                <Link
                  to="/store"
                  className={classes.categoryLink}
                  aria-current={categoryId === null ? 'page' : undefined}
                >
                  {m.allCategories}
                </Link>
              </li>
              {(categories.data ?? []).map((category) => (
                <li key={category.id}>
                  <Link
                    to={`/store?category_id=${category.id}`}
                    className={classes.categoryLink}
                    aria-current={category.id === categoryId ? 'page' : undefined}
                    data-user-content
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-label={m.title}>
            {products.isError ? (
              <QueryError error={products.error} onRetry={() => void products.refetch()} />
            ) : !products.data ? (
              <ul className={classes.grid} aria-busy="true">
                {Array.from({ length: 6 }, (_, i) => (
                  <li key={i}>
                    <Skeleton height={260} radius="md" />
                  </li>
                ))}
              </ul>
            ) : products.data.data.length === 0 ? (
              <EmptyState>{m.empty}</EmptyState>
            ) : (
              <Stack gap="lg">
                <ul className={classes.grid} data-testid="product-list">
                  {products.data.data.map((product) => (
                    <li key={product.id}>
                      <ProductCard product={product} />
                    </li>
                  ))}
                </ul>
                {products.data.pagination.pages > 1 ? (
                  <Center component="nav" aria-label={m.pagination}>
                    <Pagination
                      total={products.data.pagination.pages}
                      value={page}
                      onChange={goTo}
                      getControlProps={(control) => ({
                        'aria-label':
                          control === 'previous' || control === 'first'
                            ? t.payments.orders.previous
                            : t.payments.orders.next,
                      })}
                    />
                  </Center>
                ) : null}
              </Stack>
            )}
          </section>
        </div>
      </Stack>
    </>
  );
}

function ProductCard({ product }: { product: Product }) {
  const { t } = useI18n();
  const m = t.shop;
  return (
    <Link to={`/store/${product.id}`} className={classes.card} data-testid={`product-${product.id}`}>
      <img className={classes.thumb} src={product.thumbnail ?? '/favicon.svg'} alt="" loading="lazy" />
      <div className={classes.cardBody}>
        <Text fw={700} size="sm" lh={1.5} data-user-content>
          {product.name}
        </Text>
        {product.buy_once_per_user || product.courses.length > 0 ? (
          <div>
            {product.buy_once_per_user ? (
              <Badge size="xs" variant="light" color="gray" mr={4}>
                {m.onePerPerson}
              </Badge>
            ) : null}
            {product.courses.length > 0 ? (
              <Badge size="xs" variant="light" color="grape" c="grape.9">
                {m.courseOnly}
              </Badge>
            ) : null}
          </div>
        ) : null}
        <Text className={classes.price}>
          {formatYen(product.price)}
          <Text component="span" size="xs" c="dimmed" fw={400}>
            {m.taxIncluded}
          </Text>
        </Text>
      </div>
    </Link>
  );
}
