import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { api } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { UrlPager } from '../../components/url-pager.tsx';
import { call, download } from '../../lib/api-client.ts';
import { formatYen } from '../../lib/format.ts';
import { fieldErrors, messageOf } from './errors.ts';
import classes from './office-shop.module.css';
import { SHOP_KEY, useShopI18n } from './shop-i18n.ts';

type Tab = 'products' | 'categories' | 'template';

/** /office/shop: the office runs the shop (decision 040): products, categories, the recommendation letter template. */
export function ShopPage() {
  const { s } = useShopI18n();
  const [params, setParams] = useSearchParams();
  const tab = (
    ['products', 'categories', 'template'].includes(params.get('tab') ?? '') ? params.get('tab') : 'products'
  ) as Tab;
  return (
    <Stack gap="md">
      <PageHeading title={s.page.title} />
      <Tabs value={tab} onChange={(value) => setParams(value && value !== 'products' ? { tab: value } : {})}>
        <Tabs.List>
          <Tabs.Tab value="products">{s.page.products}</Tabs.Tab>
          <Tabs.Tab value="categories">{s.page.categories}</Tabs.Tab>
          <Tabs.Tab value="template">{s.page.template}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="md">
          {tab === 'products' ? <ProductsPanel /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          {tab === 'categories' ? <CategoriesPanel /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="template" pt="md">
          {tab === 'template' ? <TemplatePanel /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function useCategories() {
  return useQuery({
    queryKey: [...SHOP_KEY, 'categories'],
    queryFn: ({ signal }) => call(api.officeShop.categories, undefined, { signal }),
  });
}

function ProductsPanel() {
  const { s } = useShopI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword') ?? '';
  const categoryId = Number(params.get('category')) || undefined;
  const visibility = (
    ['visible', 'hidden'].includes(params.get('visibility') ?? '') ? params.get('visibility') : undefined
  ) as 'visible' | 'hidden' | undefined;
  const [draft, setDraft] = useState(keyword);
  const categories = useCategories();
  const products = useQuery({
    queryKey: [...SHOP_KEY, 'products', page, keyword, categoryId, visibility],
    queryFn: ({ signal }) =>
      call(
        api.officeShop.products,
        {
          query: {
            page,
            limit: 30,
            ...(keyword ? { keyword } : {}),
            ...(categoryId ? { category_id: categoryId } : {}),
            ...(visibility ? { visibility } : {}),
          },
        },
        { signal },
      ),
  });
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ keyword: draft.trim() || undefined });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <form onSubmit={search} role="search" aria-label={s.page.search}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={s.fields.keyword}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              w={180}
            />
            <Select
              label={s.fields.category}
              data={[
                { value: '', label: s.page.all },
                ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
              ]}
              value={categoryId ? String(categoryId) : ''}
              onChange={(value) => update({ category: value || undefined })}
              allowDeselect={false}
              w={150}
            />
            <Select
              label={s.fields.visibility}
              data={[
                { value: '', label: s.page.all },
                { value: 'visible', label: s.page.visible },
                { value: 'hidden', label: s.page.hidden },
              ]}
              value={visibility ?? ''}
              onChange={(value) => update({ visibility: value || undefined })}
              allowDeselect={false}
              w={120}
            />
            <Button type="submit" variant="default">
              {s.page.search}
            </Button>
          </Group>
        </form>
        <Button component={Link} to="/office/shop/products/new">
          {s.page.newProduct}
        </Button>
      </Group>
      {products.isPending ? (
        <ListSkeleton count={5} />
      ) : products.isError ? (
        <QueryError error={products.error} onRetry={() => void products.refetch()} />
      ) : products.data.data.length === 0 ? (
        <EmptyState>{s.page.empty}</EmptyState>
      ) : (
        <div className={classes.scroll} role="region" aria-label={s.page.products} tabIndex={0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{s.page.thumbnail}</Table.Th>
                <Table.Th>{s.fields.name}</Table.Th>
                <Table.Th>{s.fields.price}</Table.Th>
                <Table.Th>{s.fields.category}</Table.Th>
                <Table.Th>{s.fields.stock}</Table.Th>
                <Table.Th>{s.page.sold}</Table.Th>
                <Table.Th>{s.fields.isActive}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.data.data.map((product) => (
                <Table.Tr key={product.id}>
                  <Table.Td>
                    {product.thumbnail ? (
                      <img src={product.thumbnail} alt="" className={classes.thumb} />
                    ) : (
                      <span aria-hidden className={classes.thumb} style={{ display: 'inline-block' }} />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/office/shop/products/${product.id}`}
                      fw={600}
                      data-user-content
                    >
                      {product.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatYen(product.price)}</Table.Td>
                  <Table.Td data-user-content>{product.category?.name ?? s.page.noCategory}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {product.stock === null ? (
                      s.page.unlimited
                    ) : product.stock === 0 ? (
                      <Badge color="red.9" variant="filled">
                        {s.page.soldOut}
                      </Badge>
                    ) : (
                      product.stock
                    )}
                  </Table.Td>
                  <Table.Td>{product.sold}</Table.Td>
                  <Table.Td>
                    <Badge color={product.is_active ? 'teal.9' : 'gray.7'} variant="filled">
                      {product.is_active ? s.page.visible : s.page.hidden}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <UrlPager pages={products.data?.pagination.pages} page={page} />
    </Stack>
  );
}

function CategoriesPanel() {
  const { s } = useShopI18n();
  const client = useQueryClient();
  const categories = useCategories();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: SHOP_KEY });
  const fail = (failure: unknown) =>
    setError(fieldErrors(failure).name?.[0] ?? messageOf(failure, s.errors.categoryMissing));
  const create = useMutation({
    mutationFn: () => call(api.officeShop.createCategory, { body: { name } }),
    onSuccess: () => {
      setName('');
      setError(null);
      void refresh();
    },
    onError: fail,
  });
  const rename = useMutation({
    mutationFn: (input: { id: number; name: string }) =>
      call(api.officeShop.updateCategory, { params: { id: input.id }, body: { name: input.name } }),
    onSuccess: () => {
      setEditing(null);
      setError(null);
      void refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(api.officeShop.removeCategory, { params: { id } }),
    onSuccess: () => {
      setError(null);
      void refresh();
    },
    onError: fail,
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) => call(api.officeShop.orderCategories, { body: { ids } }),
    onSuccess: () => void refresh(),
    onError: fail,
  });
  if (categories.isPending) return <ListSkeleton count={5} />;
  if (categories.isError)
    return <QueryError error={categories.error} onRetry={() => void categories.refetch()} />;
  const list = categories.data;
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((c) => c.id);
    const to = index + by;
    if (to < 0 || to >= ids.length) return;
    [ids[index], ids[to]] = [ids[to] as number, ids[index] as number];
    reorder.mutate(ids);
  };
  return (
    <Stack gap="md">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((category, index) => (
          <li key={category.id} className={classes.row}>
            {editing?.id === category.id ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  rename.mutate(editing);
                }}
              >
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <TextInput
                    label={s.fields.categoryName}
                    value={editing.name}
                    onChange={(event) => setEditing({ id: category.id, name: event.currentTarget.value })}
                    style={{ flex: 1, minWidth: 160 }}
                  />
                  <Button type="submit" loading={rename.isPending}>
                    {s.page.save}
                  </Button>
                  <Button variant="default" onClick={() => setEditing(null)}>
                    {s.page.cancel}
                  </Button>
                </Group>
              </form>
            ) : (
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>
                  <span id={`category-${category.id}`} data-user-content>
                    {category.name}
                  </span>
                  <Text span c="dimmed" size="sm" ml="xs">
                    ({category.products})
                  </Text>
                </Text>
                <Group gap={4} wrap="wrap">
                  <ActionIcon
                    variant="default"
                    aria-labelledby={`category-up-${category.id} category-${category.id}`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden>↑</span>
                    <span id={`category-up-${category.id}`} hidden>
                      {s.page.up}
                    </span>
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-labelledby={`category-down-${category.id} category-${category.id}`}
                    disabled={index === list.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <span aria-hidden>↓</span>
                    <span id={`category-down-${category.id}`} hidden>
                      {s.page.down}
                    </span>
                  </ActionIcon>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing({ id: category.id, name: category.name })}
                  >
                    {s.page.edit}
                  </Button>
                  <Button
                    size="xs"
                    color="red.9"
                    variant="outline"
                    disabled={category.products > 0}
                    onClick={() => remove.mutate(category.id)}
                  >
                    {s.page.delete}
                  </Button>
                </Group>
              </Group>
            )}
          </li>
        ))}
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={s.fields.categoryName}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 160 }}
          />
          <Button type="submit" loading={create.isPending}>
            {s.page.newCategory}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function TemplatePanel() {
  const { s, f, lang } = useShopI18n();
  const client = useQueryClient();
  const info = useQuery({
    queryKey: [...SHOP_KEY, 'template'],
    queryFn: ({ signal }) => call(api.officeShop.template, undefined, { signal }),
  });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('template', chosen);
      return call(api.officeShop.replaceTemplate, { body: form });
    },
    onSuccess: () => {
      setFile(null);
      setError(null);
      setSaved(true);
      void client.invalidateQueries({ queryKey: [...SHOP_KEY, 'template'] });
    },
    onError: (failure) => {
      setSaved(false);
      setError(fieldErrors(failure).template?.[0] ?? messageOf(failure, s.errors.templateType));
    },
  });
  const save = async () => {
    const { blob, filename } = await download(api.instructorRequests.template, undefined);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = filename ?? 'recommendation-letter.docx';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  if (info.isPending) return <ListSkeleton count={3} />;
  if (info.isError) return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
  const current = info.data;
  const when = current.uploaded_at
    ? new Date(current.uploaded_at).toLocaleString(lang === 'en' ? 'en-GB' : 'ja-JP', {
        timeZone: 'Asia/Tokyo',
      })
    : '';
  return (
    <Stack gap="md" maw={560}>
      <Stack gap={4} className={classes.row}>
        <Text fw={600}>{s.page.templateCurrent}</Text>
        <Text size="sm" data-testid="template-source">
          {current.source === 'shipped'
            ? s.page.templateShipped
            : f(s.page.templateUploaded, when, f(s.page.bytes, current.size.toLocaleString()))}
        </Text>
        <Group>
          <Button variant="default" size="xs" onClick={() => void save()}>
            {s.page.templateDownload}
          </Button>
        </Group>
      </Stack>
      {saved ? (
        <Alert color="teal" role="status">
          {s.page.saved}
        </Alert>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (file) upload.mutate(file);
          else setError(s.errors.templateRequired);
        }}
      >
        <Stack gap="xs">
          <FileInput
            label={s.page.templateUpload}
            description={s.page.templateHelp}
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            value={file}
            onChange={setFile}
            error={error ?? undefined}
            clearable
          />
          <Group>
            <Button type="submit" loading={upload.isPending}>
              {s.page.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
