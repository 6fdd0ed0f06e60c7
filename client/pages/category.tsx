/** A category: its sub-categories and a page of its products. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Pagination } from '../components/pagination';
import { ProductGrid } from '../components/product-bits';
import { useStore } from '../components/store-context';
import { slugHref } from '../routes';
import type { MenuCategory, Paged, ProductCard } from '../types';

export interface CategoryData {
  category: MenuCategory;
  path: MenuCategory[];
  products: Paged<ProductCard>;
}

export default function CategoryPage({ data }: { data: CategoryData }) {
  const { t } = useLingui();
  const { language, channel } = useStore();
  const { category, path, products } = data;
  const total = products.total;
  return (
    <>
      <nav aria-label={t`Breadcrumb`} className="breadcrumb">
        <ol>
          {path.map((node, index) => (
            <li key={node.id}>
              {index === path.length - 1 ? <span aria-current="page">{node.name}</span> : <a href={slugHref(node.slug, language, channel)}>{node.name}</a>}
            </li>
          ))}
        </ol>
      </nav>
      <h1>{category.name}</h1>
      {category.children.length > 0 ? (
        <nav aria-label={t`Sub-categories`}>
          <ul className="chips">
            {category.children.map((child) => (
              <li key={child.id}>
                <a href={slugHref(child.slug, language, channel)}>{child.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="result-count">
        <Plural value={total} one="# product" other="# products" />
      </p>
      {total === 0 ? (
        <p>
          <Trans>There are no products in this category yet.</Trans>
        </p>
      ) : (
        <ProductGrid products={products.items} />
      )}
      <Pagination page={products.page} pageSize={products.pageSize} total={total} basePath={slugHref(category.slug, language, channel)} />
    </>
  );
}
