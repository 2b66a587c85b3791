import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { api, type OfficeProduct, type ProductInput } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { fieldErrors, messageOf } from './errors.ts';
import classes from './office-shop.module.css';
import { SHOP_KEY, useShopI18n } from './shop-i18n.ts';

type Attribute = ProductInput['attributes'][number];
type Form = Omit<ProductInput, 'attributes'> & { attributes: Attribute[] };

const EMPTY: Form = {
  name: '',
  price: 0,
  description: '',
  category_id: null,
  attributes: [],
  course_ids: [],
  allow_buy_with_course: false,
  buy_once_per_user: false,
  is_active: true,
  stock: null,
  sort_order: 0,
};

const formOf = (product: OfficeProduct): Form => ({
  name: product.name,
  price: product.price,
  description: product.description,
  category_id: product.category?.id ?? null,
  attributes: product.attributes.map((a) => ({ ...a })),
  course_ids: product.courses.map((c) => c.id),
  allow_buy_with_course: product.allow_buy_with_course,
  buy_once_per_user: product.buy_once_per_user,
  is_active: product.is_active,
  stock: product.stock,
  sort_order: product.sort_order,
});

/** /office/shop/products/:id (or new): a product's fields, attributes, courses, stock, visibility and images. */
export function ProductEditPage() {
  const { id } = useParams();
  const productId = id === 'new' ? null : Number(id);
  const { s } = useShopI18n();
  const product = useQuery({
    queryKey: [...SHOP_KEY, 'product', productId],
    queryFn: ({ signal }) => call(api.officeShop.product, { params: { id: productId ?? 0 } }, { signal }),
    enabled: productId !== null,
  });
  if (productId !== null && product.isPending) return <ListSkeleton count={7} />;
  if (productId !== null && product.isError)
    return <QueryError error={product.error} onRetry={() => void product.refetch()} />;
  const loaded = productId !== null ? product.data : undefined;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/office/shop" size="sm">
        ← {s.page.products}
      </Anchor>
      <PageHeading title={loaded ? loaded.name : s.page.newProduct} userContent={Boolean(loaded)} />
      <ProductForm key={loaded?.id ?? 'new'} product={loaded} />
      {loaded ? <ImagesSection product={loaded} /> : <Text c="dimmed">{s.page.saveFirst}</Text>}
    </Stack>
  );
}

function ProductForm({ product }: { product: OfficeProduct | undefined }) {
  const { s } = useShopI18n();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(product ? formOf(product) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const categories = useQuery({
    queryKey: [...SHOP_KEY, 'categories'],
    queryFn: ({ signal }) => call(api.officeShop.categories, undefined, { signal }),
  });
  const courses = useQuery({
    queryKey: [...SHOP_KEY, 'courses'],
    queryFn: ({ signal }) => call(api.officeCourses.list, { query: { page: 1, limit: 100 } }, { signal }),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setSaved(false);
  };
  const setAttribute = (index: number, patch: Partial<Attribute>) =>
    set(
      'attributes',
      form.attributes.map((a, i) => (i === index ? { ...a, ...patch } : a)),
    );
  const save = useMutation({
    mutationFn: async () =>
      product
        ? (await call(api.officeShop.updateProduct, { params: { id: product.id }, body: form })).id
        : (await call(api.officeShop.createProduct, { body: form })).id,
    onSuccess: async (savedId) => {
      setErrors({});
      setFailure(null);
      setSaved(true);
      await client.invalidateQueries({ queryKey: SHOP_KEY });
      if (!product) void navigate(`/office/shop/products/${savedId}`);
    },
    onError: (error) => {
      setSaved(false);
      setErrors(fieldErrors(error));
      setFailure(messageOf(error, s.errors.categoryMissing));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const err = (field: string) => errors[field]?.[0];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        {failure && Object.keys(errors).length === 0 ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        {saved ? (
          <Alert color="teal" role="status">
            {s.page.saved}
          </Alert>
        ) : null}
        <TextInput
          label={s.fields.name}
          required
          value={form.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={err('name')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label={s.fields.price}
            required
            min={0}
            thousandSeparator=","
            value={form.price}
            onChange={(value) => set('price', typeof value === 'number' ? value : 0)}
            error={err('price')}
            miw={140}
          />
          <NumberInput
            label={s.fields.stock}
            description={s.page.stockHelp}
            min={0}
            value={form.stock ?? ''}
            onChange={(value) => set('stock', typeof value === 'number' ? value : null)}
            error={err('stock')}
            miw={140}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={s.fields.category}
            data={[
              { value: '', label: s.page.noCategory },
              ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            value={form.category_id ? String(form.category_id) : ''}
            onChange={(value) => set('category_id', value ? Number(value) : null)}
            allowDeselect={false}
            error={err('category_id')}
            miw={140}
          />
          <NumberInput
            label={s.fields.order}
            min={0}
            value={form.sort_order}
            onChange={(value) => set('sort_order', typeof value === 'number' ? value : 0)}
            error={err('sort_order')}
            miw={140}
          />
        </Group>
        <Textarea
          label={s.fields.description}
          description={s.page.descriptionHelp}
          data-user-content
          autosize
          minRows={4}
          value={form.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={err('description')}
        />
        <Stack gap="xs">
          <Title order={2} fz="md">
            {s.fields.attributes}
          </Title>
          {form.attributes.map((attribute, index) => (
            <Stack key={index} gap="xs" className={classes.row} data-testid="attribute-row">
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={s.fields.attribute}
                  required
                  value={attribute.attribute}
                  onChange={(event) => setAttribute(index, { attribute: event.currentTarget.value })}
                  error={err(`attributes.${index}.attribute`)}
                  miw={140}
                />
                <Select
                  label={s.fields.attributeType}
                  data={[
                    { value: 'select', label: s.page.typeSelect },
                    { value: 'text', label: s.page.typeText },
                  ]}
                  value={attribute.type}
                  onChange={(value) => setAttribute(index, { type: value === 'text' ? 'text' : 'select' })}
                  allowDeselect={false}
                  miw={120}
                />
              </Group>
              {attribute.type === 'select' ? (
                <TextInput
                  label={s.fields.attributeValues}
                  value={attribute.value}
                  onChange={(event) => setAttribute(index, { value: event.currentTarget.value })}
                  error={err(`attributes.${index}.value`)}
                />
              ) : null}
              <Group justify="space-between">
                <Checkbox
                  label={s.fields.isRequired}
                  checked={attribute.is_required}
                  onChange={(event) => setAttribute(index, { is_required: event.currentTarget.checked })}
                />
                <Button
                  size="xs"
                  color="red.9"
                  variant="outline"
                  onClick={() =>
                    set(
                      'attributes',
                      form.attributes.filter((_, i) => i !== index),
                    )
                  }
                >
                  {s.page.removeAttribute}
                </Button>
              </Group>
            </Stack>
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() =>
                set('attributes', [
                  ...form.attributes,
                  { attribute: '', type: 'select', value: '', is_required: false },
                ])
              }
            >
              {s.page.addAttribute}
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs">
          <Switch
            label={s.fields.allowBuyWithCourse}
            checked={form.allow_buy_with_course}
            onChange={(event) => set('allow_buy_with_course', event.currentTarget.checked)}
          />
          <MultiSelect
            label={s.fields.courses}
            data={(courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.course_ids.map(String)}
            onChange={(values) => set('course_ids', values.map(Number))}
            error={err('course_ids')}
            searchable
          />
          <Switch
            label={s.fields.buyOncePerUser}
            checked={form.buy_once_per_user}
            onChange={(event) => set('buy_once_per_user', event.currentTarget.checked)}
          />
          <Switch
            label={s.fields.isActive}
            checked={form.is_active}
            onChange={(event) => set('is_active', event.currentTarget.checked)}
          />
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {s.page.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ImagesSection({ product }: { product: OfficeProduct }) {
  const { s } = useShopI18n();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: SHOP_KEY });
  const fail = (failure: unknown) =>
    setError(fieldErrors(failure).image?.[0] ?? messageOf(failure, s.errors.imageType));
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('image', chosen);
      return call(api.officeShop.addImage, { params: { id: product.id }, body: form });
    },
    onSuccess: () => {
      setFile(null);
      setError(null);
      void refresh();
    },
    onError: fail,
  });
  const thumbnail = useMutation({
    mutationFn: (imageId: number) => call(api.officeShop.thumbnail, { params: { id: product.id, imageId } }),
    onSuccess: () => void refresh(),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (imageId: number) =>
      call(api.officeShop.removeImage, { params: { id: product.id, imageId } }),
    onSuccess: () => void refresh(),
    onError: fail,
  });
  return (
    <Stack gap="sm" maw={720} component="section" aria-labelledby="product-images">
      <Title order={2} fz="md" id="product-images">
        {s.page.images}
      </Title>
      <Group gap="md" wrap="wrap">
        {product.images.map((image, index) => (
          <Stack key={image.id} gap={4} align="center" data-testid="product-image">
            <img
              src={image.link}
              alt={`${s.fields.image} ${index + 1}`}
              className={`${classes.image} ${image.is_thumb ? classes.imageThumb : ''}`}
            />
            {image.is_thumb ? (
              <Text size="xs" fw={700}>
                {s.page.thumbnail}
              </Text>
            ) : (
              <Button size="compact-xs" variant="default" onClick={() => thumbnail.mutate(image.id)}>
                {s.page.makeThumbnail}
              </Button>
            )}
            <Button
              size="compact-xs"
              color="red.9"
              variant="outline"
              aria-label={`${s.page.removeImage} ${index + 1}`}
              onClick={() => remove.mutate(image.id)}
            >
              {s.page.delete}
            </Button>
          </Stack>
        ))}
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (file) upload.mutate(file);
          else setError(s.errors.imageRequired);
        }}
      >
        <Group gap="xs" align="flex-end" wrap="wrap">
          <FileInput
            label={s.page.upload}
            description={s.page.imageHelp}
            accept="image/jpeg,image/png,image/gif"
            value={file}
            onChange={setFile}
            error={error ?? undefined}
            clearable
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" loading={upload.isPending}>
            {s.page.upload}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
